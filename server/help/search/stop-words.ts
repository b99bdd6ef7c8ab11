// Words too common to say what a question is about, for the languages whose visitors
// write most (the widget's first languages). Compared after lower-casing and before
// stemming; a query made only of them keeps them (see query.ts).

const LISTS: Record<string, string> = {
  en: `a about after all also am an and any are as at be because been but by can could did
    do does doing done for from get got had has have having he her here him his how i if in
    into is it its just me might more most my myself no nor not of off on once only or other
    our out over own please same she should so some such than that the their them then there
    these they this those to too under until up very was way we were what when where which
    while who whom why will with would you your yours`,
  ru: `а без бы был была были было быть в вам вас весь во вот все всё вы где да для до его
    ее её если есть еще ещё же за и из или им их к как ко когда кто ли мне мой мы на над
    не нет ни но ну о об однако он она они оно от по под при с со так также там те то
    тоже только у уже что чтобы эта эти это я`,
  de: `aber als am an auch auf aus bei bin bis bist da damit dann das dass dem den der des
    die dies diese dir doch du ein eine einem einen einer er es für hat hatte ich ihr im in
    ist ja kann man mein mich mir mit muss nach nicht noch nun nur ob oder sich sie sind so
    über um und uns von vor war was wie wir wird wo zu zum zur`,
  fr: `à au aux avec ce ces comment dans de des du elle en est et il je la le les leur lui
    ma mais me mes mon ne nos notre nous on ou où par pas pour qu que qui sa se ses son sur
    ta te tes toi ton tu un une vos votre vous`,
  es: `a al algo como con cómo de del el ella en es esta este esto la las le lo los me mi
    mis muy no nos o para pero por que qué se si sin su sus te tu un una y ya yo`,
  pt: `a ao as com como da das de do dos e é ela ele em essa esse eu isso já mas me meu minha
    na nas no nos o os ou para pelo pela por que se sem seu sua um uma você`,
  it: `a al alla che chi come con da dal del della di e è gli i il in io la le lo ma mi mio
    nel non o per più se si su sono ti tu un una`,
}

const SETS = new Map<string, ReadonlySet<string>>()

/** The stop words of a language (primary subtag), empty when it has no list here. */
export function stopWordsOf(language: string): ReadonlySet<string> {
  let set = SETS.get(language)
  if (!set) {
    const list = Object.hasOwn(LISTS, language) ? (LISTS[language] ?? '') : ''
    set = new Set(list.split(/\s+/).filter(Boolean))
    SETS.set(language, set)
  }
  return set
}
