import type { Language } from '../../../../shared/widget-api'
import type { LinkPageTexts } from './type'

/** The link pages' texts in the languages of Asia and the Middle East. */
export const LINK_PAGE_TEXTS_ASIA = {
  ja: {
    unsubscribeAsk: 'チャットの返信に関するメールをこのアドレスに送らないようにしますか？',
    unsubscribed: '配信を停止しました',
    unsubscribedText: 'このチャットからのメールは今後届きません。',
    unsubscribeInvalid: 'この配信停止リンクは無効です。メールからリンク全体をコピーしてください。',
    confirmTitle: 'メールアドレスの確認',
    confirmAsk:
      'このメールアドレスがご本人のものであることを確認してください。確認後、チャットの返信や記録をこのアドレスにお送りできます。',
    confirmed: 'アドレスを確認しました',
    confirmedText:
      'メールアドレスが確認されました。お待たせしていたもの（返信、記録）をお送りします。',
    confirmInvalid:
      'この確認リンクは無効です。すでに使用されたか、期限が切れたか、途中で切れています。チャットで記録をもう一度依頼するか、次の返信のメールをお待ちください。',
    confirmChanged:
      'このアドレスは現在のチャットのアドレスではありません。何も確認されていません。最新のメールのリンクから確認してください。',
  },
  zh: {
    unsubscribeAsk: '不再向此地址发送有关您聊天回复的邮件？',
    unsubscribed: '已退订',
    unsubscribedText: '您将不会再收到此聊天的邮件。',
    unsubscribeInvalid: '此退订链接无效：请从邮件中复制完整链接。',
    confirmTitle: '确认您的邮箱地址',
    confirmAsk: '请确认此邮箱地址属于您：确认后，您聊天中的回复和记录即可发送到此地址。',
    confirmed: '地址已确认',
    confirmedText: '您的邮箱地址已确认。等待发送的内容（回复、聊天记录）正在发送中。',
    confirmInvalid:
      '此确认链接无效：它已被使用、已过期或不完整。请在聊天中重新申请聊天记录，或等待下一条回复的邮件。',
    confirmChanged: '此地址已不是您聊天中的地址：未确认任何内容。请使用最新邮件中的链接确认。',
  },
  ko: {
    unsubscribeAsk: '채팅 답변에 관한 이메일을 이 주소로 더 이상 보내지 않을까요?',
    unsubscribed: '수신 거부됨',
    unsubscribedText: '이 채팅에서 더 이상 이메일을 받지 않습니다.',
    unsubscribeInvalid: '이 수신 거부 링크는 유효하지 않습니다. 이메일에서 링크 전체를 복사하세요.',
    confirmTitle: '이메일 주소 확인',
    confirmAsk:
      '이 이메일 주소가 본인의 것임을 확인해 주세요. 확인하면 채팅의 답변과 기록을 이 주소로 보낼 수 있습니다.',
    confirmed: '주소가 확인되었습니다',
    confirmedText: '이메일 주소가 확인되었습니다. 기다리던 내용(답변, 기록)이 발송되고 있습니다.',
    confirmInvalid:
      '이 확인 링크는 유효하지 않습니다. 이미 사용되었거나 만료되었거나 잘렸습니다. 채팅에서 기록을 다시 요청하거나 다음 답변 이메일을 기다려 주세요.',
    confirmChanged:
      '이 주소는 더 이상 채팅의 주소가 아닙니다. 아무것도 확인되지 않았습니다. 가장 최근 이메일의 링크로 확인하세요.',
  },
  ar: {
    unsubscribeAsk: 'هل تريد إيقاف الرسائل عن الردود في محادثتك إلى هذا العنوان؟',
    unsubscribed: 'تم إلغاء الاشتراك',
    unsubscribedText: 'لن تصلك رسائل أخرى من هذه المحادثة.',
    unsubscribeInvalid: 'رابط إلغاء الاشتراك هذا غير صالح: انسخ الرابط كاملًا من الرسالة.',
    confirmTitle: 'أكّد عنوانك',
    confirmAsk:
      'أكّد أن عنوان البريد الإلكتروني هذا لك: بعدها يمكن إرسال الردود ونصوص محادثتك إليه.',
    confirmed: 'تم تأكيد العنوان',
    confirmedText:
      'تم تأكيد عنوان بريدك الإلكتروني. ما كان ينتظره (الردود، نص المحادثة) في الطريق إليك.',
    confirmInvalid:
      'رابط التأكيد هذا غير صالح: استُخدم من قبل أو انتهت صلاحيته أو اقتُطع. اطلب نص المحادثة مرة أخرى في المحادثة، أو انتظر رسالة الرد التالي.',
    confirmChanged:
      'لم يعد هذا العنوان هو عنوان محادثتك: لم يُؤكَّد شيء. أكّد عبر الرابط في أحدث رسالة.',
  },
  he: {
    unsubscribeAsk: 'להפסיק לשלוח לכתובת הזו הודעות על תשובות בצ׳אט שלך?',
    unsubscribed: 'ההרשמה בוטלה',
    unsubscribedText: 'לא יישלחו אליך עוד הודעות מהצ׳אט הזה.',
    unsubscribeInvalid: 'הקישור לביטול ההרשמה אינו תקין: העתיקו את הקישור המלא מההודעה.',
    confirmTitle: 'אישור הכתובת שלך',
    confirmAsk: 'אשרו שכתובת הדוא״ל הזו שלכם: כך נוכל לשלוח אליה תשובות ותמלילים של הצ׳אט שלכם.',
    confirmed: 'הכתובת אושרה',
    confirmedText: 'כתובת הדוא״ל שלך אושרה. מה שחיכה לה (תשובות, תמליל) כבר בדרך.',
    confirmInvalid:
      'קישור האישור הזה אינו תקין: כבר השתמשו בו, פג תוקפו או שהוא קטוע. בקשו שוב את התמליל בצ׳אט, או חכו להודעה על התשובה הבאה.',
    confirmChanged:
      'הכתובת הזו כבר אינה הכתובת בצ׳אט שלך: דבר לא אושר. אשרו דרך הקישור בהודעה האחרונה.',
  },
  fa: {
    unsubscribeAsk: 'دیگر ایمیل‌های مربوط به پاسخ‌های گفتگوی شما به این نشانی فرستاده نشود؟',
    unsubscribed: 'اشتراک لغو شد',
    unsubscribedText: 'دیگر از این گفتگو ایمیلی دریافت نخواهید کرد.',
    unsubscribeInvalid: 'این پیوند لغو اشتراک معتبر نیست: پیوند کامل را از ایمیل کپی کنید.',
    confirmTitle: 'نشانی خود را تأیید کنید',
    confirmAsk:
      'تأیید کنید که این نشانی ایمیل متعلق به شماست: پس از آن پاسخ‌ها و متن گفتگوی شما به آن فرستاده می‌شود.',
    confirmed: 'نشانی تأیید شد',
    confirmedText: 'نشانی ایمیل شما تأیید شد. آنچه منتظر آن بود (پاسخ‌ها، متن گفتگو) در راه است.',
    confirmInvalid:
      'این پیوند تأیید معتبر نیست: قبلاً استفاده شده، منقضی شده یا ناقص است. متن گفتگو را دوباره در گفتگو درخواست کنید یا منتظر ایمیل پاسخ بعدی بمانید.',
    confirmChanged:
      'این نشانی دیگر نشانی گفتگوی شما نیست: چیزی تأیید نشد. با پیوند جدیدترین ایمیل تأیید کنید.',
  },
  hi: {
    unsubscribeAsk: 'क्या इस पते पर आपकी चैट के जवाबों के ईमेल भेजना बंद करें?',
    unsubscribed: 'सदस्यता रद्द की गई',
    unsubscribedText: 'अब आपको इस चैट से कोई ईमेल नहीं मिलेगा।',
    unsubscribeInvalid: 'यह सदस्यता रद्द करने का लिंक मान्य नहीं है: ईमेल से पूरा लिंक कॉपी करें।',
    confirmTitle: 'अपना पता पुष्टि करें',
    confirmAsk:
      'पुष्टि करें कि यह ईमेल पता आपका है: इसके बाद आपकी चैट के जवाब और ट्रांसक्रिप्ट इस पर भेजे जा सकेंगे।',
    confirmed: 'पते की पुष्टि हो गई',
    confirmedText:
      'आपके ईमेल पते की पुष्टि हो गई। जो इसका इंतज़ार कर रहा था (जवाब, ट्रांसक्रिप्ट), वह भेजा जा रहा है।',
    confirmInvalid:
      'यह पुष्टि लिंक मान्य नहीं है: इसका उपयोग हो चुका है, यह समाप्त हो गया है या अधूरा है। चैट में ट्रांसक्रिप्ट फिर से माँगें, या अगले जवाब के ईमेल की प्रतीक्षा करें।',
    confirmChanged:
      'यह पता अब आपकी चैट का पता नहीं है: कुछ भी पुष्टि नहीं हुआ। सबसे नए ईमेल के लिंक से पुष्टि करें।',
  },
  th: {
    unsubscribeAsk: 'หยุดส่งอีเมลเกี่ยวกับคำตอบในแชตของคุณมายังที่อยู่นี้หรือไม่',
    unsubscribed: 'ยกเลิกการรับแล้ว',
    unsubscribedText: 'คุณจะไม่ได้รับอีเมลจากแชตนี้อีก',
    unsubscribeInvalid: 'ลิงก์ยกเลิกการรับนี้ไม่ถูกต้อง: โปรดคัดลอกลิงก์ทั้งหมดจากอีเมล',
    confirmTitle: 'ยืนยันที่อยู่ของคุณ',
    confirmAsk: 'ยืนยันว่าที่อยู่อีเมลนี้เป็นของคุณ แล้วเราจะส่งคำตอบและบันทึกแชตของคุณไปยังที่อยู่นี้ได้',
    confirmed: 'ยืนยันที่อยู่แล้ว',
    confirmedText: 'ยืนยันที่อยู่อีเมลของคุณแล้ว สิ่งที่รออยู่ (คำตอบ บันทึกแชต) กำลังส่งไป',
    confirmInvalid:
      'ลิงก์ยืนยันนี้ไม่ถูกต้อง: ถูกใช้ไปแล้ว หมดอายุ หรือถูกตัด โปรดขอบันทึกแชตอีกครั้งในแชต หรือรออีเมลของคำตอบถัดไป',
    confirmChanged: 'ที่อยู่นี้ไม่ใช่ที่อยู่ในแชตของคุณแล้ว: ไม่มีการยืนยันใด ๆ โปรดยืนยันด้วยลิงก์ในอีเมลล่าสุด',
  },
  vi: {
    unsubscribeAsk:
      'Ngừng gửi e-mail về các trả lời trong cuộc trò chuyện của bạn tới địa chỉ này?',
    unsubscribed: 'Đã hủy đăng ký',
    unsubscribedText: 'Bạn sẽ không nhận thêm e-mail nào từ cuộc trò chuyện này.',
    unsubscribeInvalid:
      'Liên kết hủy đăng ký này không hợp lệ: hãy sao chép toàn bộ liên kết từ e-mail.',
    confirmTitle: 'Xác nhận địa chỉ của bạn',
    confirmAsk:
      'Xác nhận rằng địa chỉ e-mail này là của bạn: sau đó các trả lời và bản ghi cuộc trò chuyện có thể được gửi tới địa chỉ này.',
    confirmed: 'Đã xác nhận địa chỉ',
    confirmedText:
      'Địa chỉ e-mail của bạn đã được xác nhận. Những gì đang chờ (trả lời, bản ghi) đang được gửi đi.',
    confirmInvalid:
      'Liên kết xác nhận này không hợp lệ: nó đã được dùng, đã hết hạn hoặc bị cắt. Hãy yêu cầu lại bản ghi trong cuộc trò chuyện, hoặc chờ e-mail của trả lời tiếp theo.',
    confirmChanged:
      'Địa chỉ này không còn là địa chỉ trong cuộc trò chuyện của bạn: chưa có gì được xác nhận. Hãy xác nhận bằng liên kết trong e-mail mới nhất.',
  },
  id: {
    unsubscribeAsk: 'Berhenti mengirim e-mail tentang balasan di obrolan Anda ke alamat ini?',
    unsubscribed: 'Berhenti berlangganan',
    unsubscribedText: 'Anda tidak akan menerima e-mail lagi dari obrolan ini.',
    unsubscribeInvalid:
      'Tautan berhenti berlangganan ini tidak valid: salin seluruh tautan dari e-mail.',
    confirmTitle: 'Konfirmasi alamat Anda',
    confirmAsk:
      'Konfirmasi bahwa alamat e-mail ini milik Anda: setelah itu balasan dan transkrip obrolan Anda dapat dikirim ke alamat ini.',
    confirmed: 'Alamat dikonfirmasi',
    confirmedText:
      'Alamat e-mail Anda sudah dikonfirmasi. Yang menunggunya (balasan, transkrip) sedang dikirim.',
    confirmInvalid:
      'Tautan konfirmasi ini tidak valid: sudah dipakai, kedaluwarsa, atau terpotong. Minta transkrip lagi di obrolan, atau tunggu e-mail balasan berikutnya.',
    confirmChanged:
      'Alamat ini bukan lagi alamat di obrolan Anda: tidak ada yang dikonfirmasi. Konfirmasi dengan tautan di e-mail terbaru.',
  },
} satisfies Partial<Record<Language, LinkPageTexts>>
