import type { Language } from '../../../../shared/widget-api'
import type { ConfirmTexts } from './type'

/** The confirmation e-mail's fixed texts in the languages of northern and eastern Europe. */
export const CONFIRM_TEXTS_EUROPE_NORTH_EAST = {
  ru: {
    subject: 'Подтвердите адрес электронной почты для {site}',
    reply:
      'У вас новый ответ от {site}. Подтвердите адрес электронной почты, чтобы прочитать его: ответ придёт письмом.',
    transcript:
      'Вы запросили у {site} запись разговора. Подтвердите адрес электронной почты, и запись придёт следом.',
    button: 'Подтвердить адрес',
    ignore: 'Если это были не вы, проигнорируйте это письмо: больше мы ничего не пришлём.',
  },
  pl: {
    subject: 'Potwierdź swój adres e-mail dla {site}',
    reply:
      'Masz nową odpowiedź od {site}. Potwierdź swój adres e-mail, aby ją przeczytać: odpowiedź przyjdzie e-mailem.',
    transcript:
      'Zapis rozmowy z {site} czeka na wysłanie. Potwierdź swój adres e-mail, a zapis przyjdzie.',
    button: 'Potwierdź mój adres',
    ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość: nic więcej nie otrzymasz.',
  },
  uk: {
    subject: 'Підтвердьте адресу електронної пошти для {site}',
    reply:
      'У вас нова відповідь від {site}. Підтвердьте адресу електронної пошти, щоб прочитати її: відповідь надійде листом.',
    transcript:
      'Ви запросили в {site} запис розмови. Підтвердьте адресу електронної пошти, і запис надійде слідом.',
    button: 'Підтвердити адресу',
    ignore: 'Якщо це були не ви, проігноруйте цей лист: більше ми нічого не надішлемо.',
  },
  cs: {
    subject: 'Potvrďte svou e-mailovou adresu pro {site}',
    reply:
      'Máte novou odpověď od {site}. Potvrďte svou e-mailovou adresu a odpověď vám přijde e-mailem.',
    transcript:
      'Požádali jste {site} o záznam konverzace. Potvrďte svou e-mailovou adresu a záznam přijde.',
    button: 'Potvrdit adresu',
    ignore: 'Pokud jste o to nežádali, tento e-mail ignorujte: nic dalšího vám nepošleme.',
  },
  sv: {
    subject: 'Bekräfta din e-postadress för {site}',
    reply:
      'Du har ett nytt svar från {site}. Bekräfta din e-postadress för att läsa det: svaret kommer med e-post.',
    transcript:
      'Du bad {site} om konversationen via e-post. Bekräfta din e-postadress så kommer konversationen.',
    button: 'Bekräfta min adress',
    ignore: 'Om det inte var du, ignorera detta mejl: du får inget mer.',
  },
  da: {
    subject: 'Bekræft din e-mailadresse til {site}',
    reply:
      'Du har et nyt svar fra {site}. Bekræft din e-mailadresse for at læse det: svaret kommer på e-mail.',
    transcript:
      'Du bad {site} om samtalen på e-mail. Bekræft din e-mailadresse, så kommer samtalen.',
    button: 'Bekræft min adresse',
    ignore: 'Hvis det ikke var dig, så ignorer denne e-mail: du får ikke mere.',
  },
  fi: {
    subject: 'Vahvista sähköpostiosoitteesi palvelulle {site}',
    reply:
      'Sinulle on uusi vastaus palvelusta {site}. Vahvista sähköpostiosoitteesi lukeaksesi sen: vastaus tulee sähköpostilla.',
    transcript:
      'Pyysit keskustelua sähköpostiisi palvelusta {site}. Vahvista sähköpostiosoitteesi, niin keskustelu tulee perässä.',
    button: 'Vahvista osoitteeni',
    ignore: 'Jos et pyytänyt tätä, jätä tämä viesti huomiotta: emme lähetä sinulle muuta.',
  },
  nb: {
    subject: 'Bekreft e-postadressen din for {site}',
    reply:
      'Du har et nytt svar fra {site}. Bekreft e-postadressen din for å lese det: svaret kommer på e-post.',
    transcript:
      'Du ba {site} om samtalen på e-post. Bekreft e-postadressen din, så kommer samtalen.',
    button: 'Bekreft adressen min',
    ignore: 'Hvis det ikke var deg, kan du se bort fra denne e-posten: du får ikke mer.',
  },
  tr: {
    subject: '{site} için e-posta adresinizi doğrulayın',
    reply:
      '{site} sitesinden yeni bir yanıtınız var. Okumak için e-posta adresinizi doğrulayın: yanıt e-postayla gelecek.',
    transcript:
      '{site} sitesinden görüşme dökümünü istediniz. E-posta adresinizi doğrulayın, döküm ardından gelecek.',
    button: 'Adresimi doğrula',
    ignore:
      'Bunu siz istemediyseniz bu e-postayı dikkate almayın: size başka bir şey gönderilmeyecek.',
  },
  el: {
    subject: 'Επιβεβαιώστε τη διεύθυνση email σας για το {site}',
    reply:
      'Έχετε νέα απάντηση από το {site}. Επιβεβαιώστε τη διεύθυνση email σας για να τη διαβάσετε: η απάντηση θα έρθει με email.',
    transcript:
      'Ζητήσατε από το {site} τη συνομιλία με email. Επιβεβαιώστε τη διεύθυνση email σας και η συνομιλία θα ακολουθήσει.',
    button: 'Επιβεβαίωση διεύθυνσης',
    ignore: 'Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το email: δεν θα λάβετε τίποτε άλλο.',
  },
  hu: {
    subject: 'Erősítse meg e-mail-címét: {site}',
    reply:
      'Új válasza érkezett innen: {site}. Erősítse meg e-mail-címét, hogy elolvashassa: a válasz e-mailben érkezik.',
    transcript:
      'A beszélgetés átiratát kérte innen: {site}. Erősítse meg e-mail-címét, és az átirat megérkezik.',
    button: 'Címem megerősítése',
    ignore: 'Ha nem Ön kérte, hagyja figyelmen kívül ezt az e-mailt: mást nem küldünk.',
  },
  ro: {
    subject: 'Confirmați adresa de e-mail pentru {site}',
    reply:
      'Aveți un răspuns nou de la {site}. Confirmați adresa de e-mail pentru a-l citi: răspunsul va sosi pe e-mail.',
    transcript:
      'Ați cerut de la {site} conversația pe e-mail. Confirmați adresa de e-mail și conversația va sosi.',
    button: 'Confirmă adresa mea',
    ignore: 'Dacă nu ați cerut acest lucru, ignorați acest e-mail: nu veți mai primi nimic.',
  },
  bg: {
    subject: 'Потвърдете имейл адреса си за {site}',
    reply:
      'Имате нов отговор от {site}. Потвърдете имейл адреса си, за да го прочетете: отговорът ще дойде по имейл.',
    transcript:
      'Поискахте от {site} разговора по имейл. Потвърдете имейл адреса си и разговорът ще пристигне.',
    button: 'Потвърждаване на адреса',
    ignore: 'Ако не сте били вие, пренебрегнете този имейл: няма да получите нищо повече.',
  },
  hr: {
    subject: 'Potvrdite svoju e-adresu za {site}',
    reply:
      'Imate novi odgovor od {site}. Potvrdite svoju e-adresu da biste ga pročitali: odgovor stiže e-mailom.',
    transcript: 'Zatražili ste od {site} zapis razgovora. Potvrdite svoju e-adresu i zapis stiže.',
    button: 'Potvrdi moju adresu',
    ignore: 'Ako to niste bili vi, zanemarite ovu poruku: ništa vam više nećemo slati.',
  },
  sk: {
    subject: 'Potvrďte svoju e-mailovú adresu pre {site}',
    reply:
      'Máte novú odpoveď od {site}. Potvrďte svoju e-mailovú adresu a odpoveď vám príde e-mailom.',
    transcript:
      'Požiadali ste {site} o záznam konverzácie. Potvrďte svoju e-mailovú adresu a záznam príde.',
    button: 'Potvrdiť adresu',
    ignore: 'Ak ste o to nežiadali, tento e-mail ignorujte: nič ďalšie vám nepošleme.',
  },
  sl: {
    subject: 'Potrdite svoj e-poštni naslov za {site}',
    reply:
      'Imate nov odgovor od {site}. Potrdite svoj e-poštni naslov, da ga preberete: odgovor pride po e-pošti.',
    transcript:
      'Od {site} ste zahtevali zapis pogovora. Potrdite svoj e-poštni naslov in zapis bo prišel.',
    button: 'Potrdi moj naslov',
    ignore: 'Če tega niste zahtevali vi, prezrite to sporočilo: nič drugega vam ne bomo poslali.',
  },
  lt: {
    subject: 'Patvirtinkite savo el. pašto adresą svetainei {site}',
    reply:
      'Turite naują atsakymą iš {site}. Patvirtinkite savo el. pašto adresą, kad jį perskaitytumėte: atsakymas ateis el. paštu.',
    transcript:
      'Paprašėte {site} atsiųsti pokalbio įrašą. Patvirtinkite savo el. pašto adresą ir įrašas ateis.',
    button: 'Patvirtinti adresą',
    ignore: 'Jei to neprašėte, nekreipkite dėmesio į šį laišką: daugiau nieko negausite.',
  },
  lv: {
    subject: 'Apstipriniet savu e-pasta adresi vietnei {site}',
    reply:
      'Jums ir jauna atbilde no {site}. Apstipriniet savu e-pasta adresi, lai to izlasītu: atbilde pienāks e-pastā.',
    transcript:
      'Jūs lūdzāt {site} nosūtīt sarunu e-pastā. Apstipriniet savu e-pasta adresi, un saruna pienāks.',
    button: 'Apstiprināt manu adresi',
    ignore: 'Ja to nelūdzāt jūs, neņemiet vērā šo e-pastu: neko vairāk jums nesūtīsim.',
  },
  et: {
    subject: 'Kinnitage oma e-posti aadress saidile {site}',
    reply:
      'Teile on uus vastus saidilt {site}. Kinnitage oma e-posti aadress, et seda lugeda: vastus tuleb e-postiga.',
    transcript:
      'Palusite saidilt {site} vestlust e-postiga. Kinnitage oma e-posti aadress ja vestlus tuleb järele.',
    button: 'Kinnita minu aadress',
    ignore: 'Kui te seda ei palunud, jätke see kiri tähelepanuta: midagi rohkem me ei saada.',
  },
} satisfies Partial<Record<Language, ConfirmTexts>>
