import type { Language } from '../../../../shared/widget-api'
import type { ConfirmTexts } from './type'

/** The confirmation e-mail's fixed texts in the languages of Asia and the Middle East. */
export const CONFIRM_TEXTS_ASIA = {
  ja: {
    subject: '{site}のメールアドレスを確認してください',
    reply:
      '{site}から新しい返信があります。読むにはメールアドレスを確認してください。返信はメールでお届けします。',
    transcript:
      '{site}にチャット履歴の送信をご依頼いただきました。メールアドレスを確認すると、チャット履歴をお送りします。',
    button: 'アドレスを確認する',
    ignore: 'お心当たりがない場合は、このメールを無視してください。これ以上メールは届きません。',
  },
  zh: {
    subject: '请确认您在{site}的邮箱地址',
    reply: '您有一条来自{site}的新回复。请确认您的邮箱地址以阅读：回复将通过邮件发送给您。',
    transcript: '您向{site}索取了对话记录。请确认您的邮箱地址，对话记录随后发送。',
    button: '确认我的邮箱',
    ignore: '如果这不是您本人的操作，请忽略此邮件：我们不会再向您发送任何内容。',
  },
  ar: {
    subject: 'أكِّد عنوان بريدك الإلكتروني لدى {site}',
    reply: 'لديك رد جديد من {site}. أكِّد عنوان بريدك الإلكتروني لقراءته: سيصلك الرد بالبريد.',
    transcript: 'طلبت من {site} نص المحادثة. أكِّد عنوان بريدك الإلكتروني وسيصلك نص المحادثة.',
    button: 'تأكيد عنواني',
    ignore: 'إن لم تطلب ذلك، فتجاهل هذه الرسالة: لن يُرسل إليك شيء آخر.',
  },
  he: {
    subject: 'אשרו את כתובת המייל שלכם עבור {site}',
    reply:
      'יש לכם תשובה חדשה מ-{site}. אשרו את כתובת המייל שלכם כדי לקרוא אותה: התשובה תגיע במייל.',
    transcript: 'ביקשתם מ-{site} את תמליל השיחה. אשרו את כתובת המייל שלכם והתמליל יגיע.',
    button: 'אישור הכתובת שלי',
    ignore: 'אם לא ביקשתם זאת, התעלמו מהמייל הזה: לא יישלח אליכם דבר נוסף.',
  },
  fa: {
    subject: 'نشانی ایمیل خود را برای {site} تأیید کنید',
    reply:
      'پاسخ تازه‌ای از {site} دارید. برای خواندن آن نشانی ایمیل خود را تأیید کنید: پاسخ با ایمیل می‌رسد.',
    transcript:
      'متن گفت‌وگو را از {site} خواستید. نشانی ایمیل خود را تأیید کنید تا متن گفت‌وگو برسد.',
    button: 'تأیید نشانی من',
    ignore:
      'اگر این درخواست از شما نبوده، این ایمیل را نادیده بگیرید: چیز دیگری برایتان فرستاده نمی‌شود.',
  },
  ko: {
    subject: '{site}의 이메일 주소를 확인해 주세요',
    reply:
      '{site}에서 새 답장이 왔습니다. 읽으시려면 이메일 주소를 확인해 주세요. 답장은 이메일로 보내 드립니다.',
    transcript:
      '{site}에 대화 내용을 요청하셨습니다. 이메일 주소를 확인하시면 대화 내용을 보내 드립니다.',
    button: '주소 확인하기',
    ignore: '요청하지 않으셨다면 이 메일을 무시하세요. 더 이상 아무것도 보내지 않습니다.',
  },
  id: {
    subject: 'Konfirmasi alamat email Anda untuk {site}',
    reply:
      'Anda punya balasan baru dari {site}. Konfirmasi alamat email Anda untuk membacanya: balasan akan dikirim lewat email.',
    transcript:
      'Anda meminta transkrip chat dari {site}. Konfirmasi alamat email Anda dan transkrip akan menyusul.',
    button: 'Konfirmasi alamat saya',
    ignore:
      'Jika bukan Anda yang meminta, abaikan email ini: kami tidak akan mengirim apa pun lagi.',
  },
  vi: {
    subject: 'Xác nhận địa chỉ email của bạn cho {site}',
    reply:
      'Bạn có phản hồi mới từ {site}. Hãy xác nhận địa chỉ email để đọc: phản hồi sẽ được gửi qua email.',
    transcript:
      'Bạn đã yêu cầu {site} gửi bản ghi cuộc trò chuyện. Hãy xác nhận địa chỉ email và bản ghi sẽ được gửi tới.',
    button: 'Xác nhận địa chỉ của tôi',
    ignore: 'Nếu không phải bạn yêu cầu, hãy bỏ qua email này: chúng tôi sẽ không gửi gì thêm.',
  },
  th: {
    subject: 'ยืนยันที่อยู่อีเมลของคุณสำหรับ {site}',
    reply: 'คุณมีคำตอบใหม่จาก {site} ยืนยันที่อยู่อีเมลของคุณเพื่ออ่าน: คำตอบจะส่งทางอีเมล',
    transcript: 'คุณขอบันทึกการสนทนาจาก {site} ยืนยันที่อยู่อีเมลของคุณแล้วบันทึกจะตามไป',
    button: 'ยืนยันที่อยู่ของฉัน',
    ignore: 'หากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้: เราจะไม่ส่งอะไรให้อีก',
  },
  hi: {
    subject: '{site} के लिए अपना ईमेल पता पुष्ट करें',
    reply: '{site} से आपके लिए एक नया जवाब है। उसे पढ़ने के लिए अपना ईमेल पता पुष्ट करें: जवाब ईमेल से आएगा।',
    transcript: 'आपने {site} से बातचीत का ब्योरा माँगा है। अपना ईमेल पता पुष्ट करें, फिर ब्योरा भेजा जाएगा।',
    button: 'मेरा पता पुष्ट करें',
    ignore: 'अगर यह अनुरोध आपने नहीं किया, तो इस ईमेल को अनदेखा करें: आपको और कुछ नहीं भेजा जाएगा।',
  },
} satisfies Partial<Record<Language, ConfirmTexts>>
