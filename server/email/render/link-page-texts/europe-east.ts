import type { Language } from '../../../../shared/widget-api'
import type { LinkPageTexts } from './type'

/** The link pages' texts in the languages of central and eastern Europe. */
export const LINK_PAGE_TEXTS_EUROPE_EAST = {
  ru: {
    unsubscribeAsk: 'Больше не присылать на этот адрес письма об ответах в вашем чате?',
    unsubscribed: 'Вы отписались',
    unsubscribedText: 'Писем из этого чата больше не будет.',
    unsubscribeInvalid: 'Ссылка для отписки недействительна: скопируйте её из письма целиком.',
    confirmTitle: 'Подтвердите адрес',
    confirmAsk:
      'Подтвердите, что это ваш адрес: тогда на него можно будет присылать ответы и переписку из вашего чата.',
    confirmed: 'Адрес подтверждён',
    confirmedText: 'Ваш адрес подтверждён. То, что его ждало (ответы, переписка), уже в пути.',
    confirmInvalid:
      'Ссылка для подтверждения недействительна: она уже использована, устарела или обрезана. Запросите переписку в чате ещё раз или дождитесь письма о следующем ответе.',
    confirmChanged:
      'В вашем чате теперь другой адрес: ничего не подтверждено. Подтвердите по ссылке из последнего письма.',
  },
  uk: {
    unsubscribeAsk: 'Більше не надсилати на цю адресу листи про відповіді у вашому чаті?',
    unsubscribed: 'Ви відписалися',
    unsubscribedText: 'Листів із цього чату більше не буде.',
    unsubscribeInvalid: 'Посилання для відписки недійсне: скопіюйте його з листа повністю.',
    confirmTitle: 'Підтвердьте адресу',
    confirmAsk:
      'Підтвердьте, що це ваша адреса: тоді на неї можна буде надсилати відповіді та листування з вашого чату.',
    confirmed: 'Адресу підтверджено',
    confirmedText:
      'Вашу адресу підтверджено. Те, що на неї чекало (відповіді, листування), уже в дорозі.',
    confirmInvalid:
      'Посилання для підтвердження недійсне: його вже використано, термін минув або його обрізано. Попросіть листування в чаті ще раз або дочекайтеся листа про наступну відповідь.',
    confirmChanged:
      'У вашому чаті тепер інша адреса: нічого не підтверджено. Підтвердьте за посиланням з останнього листа.',
  },
  pl: {
    unsubscribeAsk: 'Nie wysyłać już na ten adres e-maili o odpowiedziach z Twojego czatu?',
    unsubscribed: 'Wypisano',
    unsubscribedText: 'Nie dostaniesz już e-maili z tego czatu.',
    unsubscribeInvalid: 'Ten link do wypisania jest nieprawidłowy: skopiuj cały link z e-maila.',
    confirmTitle: 'Potwierdź swój adres',
    confirmAsk:
      'Potwierdź, że ten adres e-mail należy do Ciebie: wtedy będzie można wysyłać na niego odpowiedzi i zapisy Twojego czatu.',
    confirmed: 'Adres potwierdzony',
    confirmedText:
      'Twój adres e-mail jest potwierdzony. To, co na niego czekało (odpowiedzi, zapis), jest już w drodze.',
    confirmInvalid:
      'Ten link potwierdzający jest nieprawidłowy: został już użyty, wygasł lub jest ucięty. Poproś o zapis ponownie na czacie albo poczekaj na e-mail z następną odpowiedzią.',
    confirmChanged:
      'To nie jest już adres z Twojego czatu: nic nie potwierdzono. Potwierdź linkiem z najnowszego e-maila.',
  },
  cs: {
    unsubscribeAsk: 'Už neposílat na tuto adresu e-maily o odpovědích ve vašem chatu?',
    unsubscribed: 'Odhlášeno',
    unsubscribedText: 'Z tohoto chatu vám už nepřijdou žádné e-maily.',
    unsubscribeInvalid: 'Tento odkaz k odhlášení je neplatný: zkopírujte z e-mailu celý odkaz.',
    confirmTitle: 'Potvrďte svou adresu',
    confirmAsk:
      'Potvrďte, že tato e-mailová adresa je vaše: pak na ni mohou chodit odpovědi a přepisy vašeho chatu.',
    confirmed: 'Adresa potvrzena',
    confirmedText:
      'Vaše e-mailová adresa je potvrzena. Co na ni čekalo (odpovědi, přepis), je na cestě.',
    confirmInvalid:
      'Tento potvrzovací odkaz je neplatný: už byl použit, vypršel nebo je zkrácený. Požádejte o přepis v chatu znovu, nebo počkejte na e-mail s další odpovědí.',
    confirmChanged:
      'Tato adresa už není adresou vašeho chatu: nic nebylo potvrzeno. Potvrďte odkazem z nejnovějšího e-mailu.',
  },
  sk: {
    unsubscribeAsk: 'Už neposielať na túto adresu e-maily o odpovediach vo vašom chate?',
    unsubscribed: 'Odhlásené',
    unsubscribedText: 'Z tohto chatu vám už neprídu žiadne e-maily.',
    unsubscribeInvalid: 'Tento odkaz na odhlásenie je neplatný: skopírujte z e-mailu celý odkaz.',
    confirmTitle: 'Potvrďte svoju adresu',
    confirmAsk:
      'Potvrďte, že táto e-mailová adresa je vaša: potom na ňu môžu chodiť odpovede a prepisy vášho chatu.',
    confirmed: 'Adresa potvrdená',
    confirmedText:
      'Vaša e-mailová adresa je potvrdená. Čo na ňu čakalo (odpovede, prepis), je na ceste.',
    confirmInvalid:
      'Tento potvrdzovací odkaz je neplatný: už bol použitý, vypršal alebo je skrátený. Požiadajte o prepis v chate znova alebo počkajte na e-mail s ďalšou odpoveďou.',
    confirmChanged:
      'Táto adresa už nie je adresou vášho chatu: nič nebolo potvrdené. Potvrďte odkazom z najnovšieho e-mailu.',
  },
  sl: {
    unsubscribeAsk: 'Ne pošiljaj več e-poštnih sporočil o odgovorih v vašem klepetu na ta naslov?',
    unsubscribed: 'Odjavljeni',
    unsubscribedText: 'Iz tega klepeta ne boste več prejemali e-poštnih sporočil.',
    unsubscribeInvalid: 'Ta povezava za odjavo ni veljavna: kopirajte celotno povezavo iz e-pošte.',
    confirmTitle: 'Potrdite svoj naslov',
    confirmAsk:
      'Potrdite, da je ta e-poštni naslov vaš: nanj bomo nato lahko pošiljali odgovore in prepise vašega klepeta.',
    confirmed: 'Naslov potrjen',
    confirmedText:
      'Vaš e-poštni naslov je potrjen. Kar ga je čakalo (odgovori, prepis), je na poti.',
    confirmInvalid:
      'Ta povezava za potrditev ni veljavna: bila je že uporabljena, je potekla ali je odrezana. V klepetu znova zahtevajte prepis ali počakajte na e-pošto z naslednjim odgovorom.',
    confirmChanged:
      'Ta naslov ni več naslov vašega klepeta: nič ni bilo potrjeno. Potrdite s povezavo iz najnovejše e-pošte.',
  },
  hr: {
    unsubscribeAsk: 'Više ne slati na ovu adresu e-poruke o odgovorima u vašem chatu?',
    unsubscribed: 'Odjavljeni ste',
    unsubscribedText: 'Iz ovog chata više nećete primati e-poruke.',
    unsubscribeInvalid:
      'Ova poveznica za odjavu nije valjana: kopirajte cijelu poveznicu iz e-poruke.',
    confirmTitle: 'Potvrdite svoju adresu',
    confirmAsk:
      'Potvrdite da je ova adresa e-pošte vaša: tada joj možemo slati odgovore i prijepise vašeg chata.',
    confirmed: 'Adresa potvrđena',
    confirmedText:
      'Vaša adresa e-pošte je potvrđena. Ono što ju je čekalo (odgovori, prijepis) je na putu.',
    confirmInvalid:
      'Ova poveznica za potvrdu nije valjana: već je iskorištena, istekla je ili je odrezana. Ponovno zatražite prijepis u chatu ili pričekajte e-poruku sa sljedećim odgovorom.',
    confirmChanged:
      'Ova adresa više nije adresa vašeg chata: ništa nije potvrđeno. Potvrdite poveznicom iz najnovije e-poruke.',
  },
  bg: {
    unsubscribeAsk: 'Да не се изпращат повече на този адрес имейли за отговорите във вашия чат?',
    unsubscribed: 'Отписахте се',
    unsubscribedText: 'Повече няма да получавате имейли от този чат.',
    unsubscribeInvalid: 'Връзката за отписване е невалидна: копирайте цялата връзка от имейла.',
    confirmTitle: 'Потвърдете адреса си',
    confirmAsk:
      'Потвърдете, че този имейл адрес е ваш: тогава на него може да се изпращат отговорите и записите от вашия чат.',
    confirmed: 'Адресът е потвърден',
    confirmedText:
      'Имейл адресът ви е потвърден. Това, което го чакаше (отговори, запис), е на път.',
    confirmInvalid:
      'Връзката за потвърждение е невалидна: вече е използвана, изтекла е или е отрязана. Поискайте записа отново в чата или изчакайте имейла със следващия отговор.',
    confirmChanged:
      'Този адрес вече не е адресът на вашия чат: нищо не е потвърдено. Потвърдете с връзката от най-новия имейл.',
  },
  ro: {
    unsubscribeAsk: 'Nu mai trimiteți la această adresă e-mailuri despre răspunsurile din chat?',
    unsubscribed: 'Dezabonat',
    unsubscribedText: 'Nu veți mai primi e-mailuri din acest chat.',
    unsubscribeInvalid: 'Acest link de dezabonare nu este valid: copiați linkul întreg din e-mail.',
    confirmTitle: 'Confirmați adresa',
    confirmAsk:
      'Confirmați că această adresă de e-mail este a dumneavoastră: răspunsurile și conversațiile din chat vor putea fi trimise la ea.',
    confirmed: 'Adresă confirmată',
    confirmedText:
      'Adresa de e-mail este confirmată. Ce o aștepta (răspunsuri, conversația) este pe drum.',
    confirmInvalid:
      'Acest link de confirmare nu este valid: a fost deja folosit, a expirat sau este tăiat. Cereți din nou conversația în chat sau așteptați e-mailul cu următorul răspuns.',
    confirmChanged:
      'Această adresă nu mai este cea din chat: nu s-a confirmat nimic. Confirmați cu linkul din cel mai nou e-mail.',
  },
  hu: {
    unsubscribeAsk: 'Ne küldjünk több e-mailt erre a címre a csevegése válaszairól?',
    unsubscribed: 'Leiratkozott',
    unsubscribedText: 'Ebből a csevegésből nem kap több e-mailt.',
    unsubscribeInvalid:
      'Ez a leiratkozási link érvénytelen: másolja ki a teljes linket az e-mailből.',
    confirmTitle: 'Erősítse meg a címét',
    confirmAsk:
      'Erősítse meg, hogy ez az e-mail-cím az Öné: ezután ide küldhetjük a csevegése válaszait és átiratát.',
    confirmed: 'Cím megerősítve',
    confirmedText: 'E-mail-címe megerősítve. Ami rá várt (válaszok, átirat), úton van.',
    confirmInvalid:
      'Ez a megerősítő link érvénytelen: már felhasználták, lejárt vagy csonka. Kérje újra az átiratot a csevegésben, vagy várja meg a következő válasz e-mailjét.',
    confirmChanged:
      'Ez a cím már nem a csevegése címe: semmi sem lett megerősítve. Erősítse meg a legújabb e-mail linkjével.',
  },
  el: {
    unsubscribeAsk:
      'Να σταματήσουν τα e-mail για τις απαντήσεις της συνομιλίας σας σε αυτή τη διεύθυνση;',
    unsubscribed: 'Η εγγραφή καταργήθηκε',
    unsubscribedText: 'Δεν θα λαμβάνετε πλέον e-mail από αυτή τη συνομιλία.',
    unsubscribeInvalid:
      'Αυτός ο σύνδεσμος κατάργησης δεν είναι έγκυρος: αντιγράψτε ολόκληρο τον σύνδεσμο από το e-mail.',
    confirmTitle: 'Επιβεβαιώστε τη διεύθυνσή σας',
    confirmAsk:
      'Επιβεβαιώστε ότι αυτή η διεύθυνση e-mail είναι δική σας: τότε θα μπορούν να σταλούν σε αυτήν οι απαντήσεις και τα πρακτικά της συνομιλίας σας.',
    confirmed: 'Η διεύθυνση επιβεβαιώθηκε',
    confirmedText:
      'Η διεύθυνση e-mail σας επιβεβαιώθηκε. Ό,τι την περίμενε (απαντήσεις, πρακτικά) είναι καθ’ οδόν.',
    confirmInvalid:
      'Αυτός ο σύνδεσμος επιβεβαίωσης δεν είναι έγκυρος: έχει ήδη χρησιμοποιηθεί, έχει λήξει ή είναι κομμένος. Ζητήστε ξανά τα πρακτικά στη συνομιλία ή περιμένετε το e-mail της επόμενης απάντησης.',
    confirmChanged:
      'Αυτή η διεύθυνση δεν είναι πλέον της συνομιλίας σας: δεν επιβεβαιώθηκε τίποτα. Επιβεβαιώστε με τον σύνδεσμο του πιο πρόσφατου e-mail.',
  },
  tr: {
    unsubscribeAsk: 'Sohbetinizdeki yanıtlarla ilgili e-postalar bu adrese artık gönderilmesin mi?',
    unsubscribed: 'Abonelikten çıkıldı',
    unsubscribedText: 'Bu sohbetten artık e-posta almayacaksınız.',
    unsubscribeInvalid:
      'Bu abonelikten çıkma bağlantısı geçersiz: bağlantının tamamını e-postadan kopyalayın.',
    confirmTitle: 'Adresinizi onaylayın',
    confirmAsk:
      'Bu e-posta adresinin size ait olduğunu onaylayın: sohbetinizin yanıtları ve dökümleri bu adrese gönderilebilir.',
    confirmed: 'Adres onaylandı',
    confirmedText: 'E-posta adresiniz onaylandı. Onu bekleyenler (yanıtlar, döküm) yolda.',
    confirmInvalid:
      'Bu onay bağlantısı geçersiz: daha önce kullanılmış, süresi dolmuş ya da kesilmiş. Dökümü sohbette yeniden isteyin veya bir sonraki yanıtın e-postasını bekleyin.',
    confirmChanged:
      'Bu adres artık sohbetinizdeki adres değil: hiçbir şey onaylanmadı. En yeni e-postadaki bağlantıyla onaylayın.',
  },
} satisfies Partial<Record<Language, LinkPageTexts>>
