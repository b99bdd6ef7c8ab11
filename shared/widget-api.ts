// Porthole's own widget API (widget <-> backend), one file per topic in ./widget-api/; this
// file re-exports them all. Routes: docs/integrators/http-api.md.
// Error bodies are ErrorBody from ./protocol/errors.

export * from './widget-api/consent'
export * from './widget-api/conversation'
export * from './widget-api/session'
export * from './widget-api/site-config'
