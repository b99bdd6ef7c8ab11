/** The e2e tests' name for the one axe check on the widget. */
export { seriousWidgetViolations as axeSerious } from '../../support/animations'
