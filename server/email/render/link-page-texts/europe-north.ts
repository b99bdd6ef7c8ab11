import type { Language } from '../../../../shared/widget-api'
import type { LinkPageTexts } from './type'

/** The link pages' texts in the languages of northern Europe and the Baltics. */
export const LINK_PAGE_TEXTS_EUROPE_NORTH = {
  sv: {
    unsubscribeAsk: 'Sluta skicka e-post om svar i din chatt till den här adressen?',
    unsubscribed: 'Avregistrerad',
    unsubscribedText: 'Du får inga fler e-postmeddelanden från den här chatten.',
    unsubscribeInvalid:
      'Avregistreringslänken är ogiltig: kopiera hela länken från e-postmeddelandet.',
    confirmTitle: 'Bekräfta din adress',
    confirmAsk:
      'Bekräfta att den här e-postadressen är din: då kan svar och utskrifter av din chatt skickas till den.',
    confirmed: 'Adressen är bekräftad',
    confirmedText:
      'Din e-postadress är bekräftad. Det som väntade på den (svar, en utskrift) är på väg.',
    confirmInvalid:
      'Bekräftelselänken är ogiltig: den har redan använts, har gått ut eller är avklippt. Be om utskriften igen i chatten eller vänta på e-postmeddelandet om nästa svar.',
    confirmChanged:
      'Adressen är inte längre den i din chatt: inget bekräftades. Bekräfta med länken i det senaste e-postmeddelandet.',
  },
  da: {
    unsubscribeAsk: 'Stop e-mails om svar i din chat til denne adresse?',
    unsubscribed: 'Afmeldt',
    unsubscribedText: 'Du får ikke flere e-mails fra denne chat.',
    unsubscribeInvalid: 'Dette afmeldingslink er ugyldigt: kopiér hele linket fra e-mailen.',
    confirmTitle: 'Bekræft din adresse',
    confirmAsk:
      'Bekræft, at denne e-mailadresse er din: så kan svar og udskrifter af din chat sendes til den.',
    confirmed: 'Adressen er bekræftet',
    confirmedText:
      'Din e-mailadresse er bekræftet. Det, der ventede på den (svar, en udskrift), er på vej.',
    confirmInvalid:
      'Dette bekræftelseslink er ugyldigt: det er allerede brugt, udløbet eller afkortet. Bed om udskriften igen i chatten, eller vent på e-mailen om næste svar.',
    confirmChanged:
      'Denne adresse er ikke længere den i din chat: intet blev bekræftet. Bekræft med linket i den nyeste e-mail.',
  },
  nb: {
    unsubscribeAsk: 'Slutte å sende e-post om svar i chatten din til denne adressen?',
    unsubscribed: 'Avmeldt',
    unsubscribedText: 'Du får ikke flere e-poster fra denne chatten.',
    unsubscribeInvalid: 'Denne avmeldingslenken er ugyldig: kopier hele lenken fra e-posten.',
    confirmTitle: 'Bekreft adressen din',
    confirmAsk:
      'Bekreft at denne e-postadressen er din: da kan svar og utskrifter av chatten din sendes til den.',
    confirmed: 'Adressen er bekreftet',
    confirmedText:
      'E-postadressen din er bekreftet. Det som ventet på den (svar, en utskrift), er på vei.',
    confirmInvalid:
      'Denne bekreftelseslenken er ugyldig: den er allerede brukt, utløpt eller avkortet. Be om utskriften på nytt i chatten, eller vent på e-posten om neste svar.',
    confirmChanged:
      'Denne adressen er ikke lenger den i chatten din: ingenting ble bekreftet. Bekreft med lenken i den nyeste e-posten.',
  },
  fi: {
    unsubscribeAsk:
      'Lopetetaanko keskustelusi vastauksista kertovat sähköpostit tähän osoitteeseen?',
    unsubscribed: 'Tilaus peruttu',
    unsubscribedText: 'Et saa enää sähköposteja tästä keskustelusta.',
    unsubscribeInvalid: 'Tämä peruutuslinkki ei kelpaa: kopioi koko linkki sähköpostista.',
    confirmTitle: 'Vahvista osoitteesi',
    confirmAsk:
      'Vahvista, että tämä sähköpostiosoite on sinun: sen jälkeen keskustelusi vastaukset ja tallenteet voidaan lähettää siihen.',
    confirmed: 'Osoite vahvistettu',
    confirmedText:
      'Sähköpostiosoitteesi on vahvistettu. Sitä odottanut (vastaukset, tallenne) on tulossa.',
    confirmInvalid:
      'Tämä vahvistuslinkki ei kelpaa: se on jo käytetty, vanhentunut tai katkennut. Pyydä tallenne uudelleen keskustelussa tai odota seuraavan vastauksen sähköpostia.',
    confirmChanged:
      'Tämä osoite ei ole enää keskustelusi osoite: mitään ei vahvistettu. Vahvista uusimman sähköpostin linkillä.',
  },
  et: {
    unsubscribeAsk:
      'Kas lõpetada sellele aadressile e-kirjade saatmine teie vestluse vastuste kohta?',
    unsubscribed: 'Tellimusest loobutud',
    unsubscribedText: 'Sellest vestlusest te enam e-kirju ei saa.',
    unsubscribeInvalid: 'See loobumislink ei kehti: kopeerige e-kirjast kogu link.',
    confirmTitle: 'Kinnitage oma aadress',
    confirmAsk:
      'Kinnitage, et see e-posti aadress on teie oma: siis saab sinna saata teie vestluse vastuseid ja ärakirju.',
    confirmed: 'Aadress kinnitatud',
    confirmedText:
      'Teie e-posti aadress on kinnitatud. Mis seda ootas (vastused, ärakiri), on teel.',
    confirmInvalid:
      'See kinnituslink ei kehti: seda on juba kasutatud, see on aegunud või katkenud. Küsige ärakirja vestluses uuesti või oodake järgmise vastuse e-kirja.',
    confirmChanged:
      'See aadress pole enam teie vestluse oma: midagi ei kinnitatud. Kinnitage uusima e-kirja lingiga.',
  },
  lv: {
    unsubscribeAsk: 'Vairs nesūtīt uz šo adresi e-pastus par atbildēm jūsu tērzēšanā?',
    unsubscribed: 'Abonements atcelts',
    unsubscribedText: 'No šīs tērzēšanas jūs vairs nesaņemsiet e-pastus.',
    unsubscribeInvalid: 'Šī atteikšanās saite nav derīga: nokopējiet visu saiti no e-pasta.',
    confirmTitle: 'Apstipriniet savu adresi',
    confirmAsk:
      'Apstipriniet, ka šī e-pasta adrese ir jūsu: tad uz to varēs sūtīt jūsu tērzēšanas atbildes un atšifrējumus.',
    confirmed: 'Adrese apstiprināta',
    confirmedText:
      'Jūsu e-pasta adrese ir apstiprināta. Tas, kas to gaidīja (atbildes, atšifrējums), ir ceļā.',
    confirmInvalid:
      'Šī apstiprinājuma saite nav derīga: tā jau izmantota, beigusies vai nogriezta. Palūdziet atšifrējumu tērzēšanā vēlreiz vai gaidiet e-pastu par nākamo atbildi.',
    confirmChanged:
      'Šī vairs nav jūsu tērzēšanas adrese: nekas netika apstiprināts. Apstipriniet ar jaunākā e-pasta saiti.',
  },
  lt: {
    unsubscribeAsk: 'Nebesiųsti šiuo adresu laiškų apie atsakymus jūsų pokalbyje?',
    unsubscribed: 'Prenumerata atšaukta',
    unsubscribedText: 'Iš šio pokalbio laiškų nebegausite.',
    unsubscribeInvalid: 'Ši atsisakymo nuoroda negalioja: nukopijuokite visą nuorodą iš laiško.',
    confirmTitle: 'Patvirtinkite savo adresą',
    confirmAsk:
      'Patvirtinkite, kad šis el. pašto adresas yra jūsų: tada juo bus galima siųsti jūsų pokalbio atsakymus ir nuorašus.',
    confirmed: 'Adresas patvirtintas',
    confirmedText:
      'Jūsų el. pašto adresas patvirtintas. Tai, kas jo laukė (atsakymai, nuorašas), jau pakeliui.',
    confirmInvalid:
      'Ši patvirtinimo nuoroda negalioja: ji jau panaudota, pasibaigė arba nukirpta. Pokalbyje vėl paprašykite nuorašo arba palaukite laiško apie kitą atsakymą.',
    confirmChanged:
      'Šis adresas nebe jūsų pokalbio adresas: nieko nepatvirtinta. Patvirtinkite naujausio laiško nuoroda.',
  },
} satisfies Partial<Record<Language, LinkPageTexts>>
