import type { Language } from '../../../../shared/widget-api'
import type { TranscriptTexts } from './type'

/** The transcript e-mail's fixed texts in the languages of Asia and the Middle East. */
export const TRANSCRIPT_TEXTS_ASIA = {
  ja: {
    subject: '{site} とのチャット履歴',
    intro: 'チャットでご依頼いただいた、{site} とのやり取りの記録をお送りします。',
    you: 'あなた',
    agent: '担当者',
    bot: 'アシスタント',
    empty: '（メッセージはありません）',
    footer:
      '{site} のチャットでご依頼いただいたため、このメールをお送りしています。時刻は UTC です。',
  },
  zh: {
    subject: '您与 {site} 的对话',
    intro: '按照您在聊天中的要求，这是您与 {site} 的对话记录。',
    you: '您',
    agent: '客服',
    bot: '助手',
    empty: '（没有消息）',
    footer: '您收到这封邮件，是因为您在 {site} 的聊天中请求了它。时间均为 UTC。',
  },
  ar: {
    subject: 'محادثتك مع {site}',
    intro: 'إليك نص محادثتك مع {site} كما طلبت في الدردشة.',
    you: 'أنت',
    agent: 'الموظف',
    bot: 'المساعد',
    empty: '(لا توجد رسائل)',
    footer: 'وصلتك هذه الرسالة لأنك طلبتها في الدردشة على {site}. الأوقات بتوقيت UTC.',
  },
  he: {
    subject: 'השיחה שלך עם {site}',
    intro: 'זהו תמליל השיחה שלך עם {site}, כפי שביקשת בצ׳אט.',
    you: 'את/ה',
    agent: 'נציג',
    bot: 'עוזר',
    empty: '(אין הודעות)',
    footer: 'קיבלת את המייל הזה כי ביקשת אותו בצ׳אט באתר {site}. השעות לפי UTC.',
  },
  fa: {
    subject: 'گفت‌وگوی شما با {site}',
    intro: 'این متن گفت‌وگوی شما با {site} است، همان‌طور که در گفت‌وگو خواسته بودید.',
    you: 'شما',
    agent: 'پشتیبان',
    bot: 'دستیار',
    empty: '(پیامی نیست)',
    footer:
      'این ایمیل را دریافت می‌کنید چون در گفت‌وگوی {site} آن را درخواست کردید. زمان‌ها به وقت UTC است.',
  },
  ko: {
    subject: '{site}와의 대화 내용',
    intro: '채팅에서 요청하신 {site}와의 대화 기록입니다.',
    you: '나',
    agent: '상담원',
    bot: '도우미',
    empty: '(메시지 없음)',
    footer: '{site} 채팅에서 요청하셨기 때문에 이 이메일을 받으셨습니다. 시간은 UTC 기준입니다.',
  },
  id: {
    subject: 'Percakapan Anda dengan {site}',
    intro: 'Berikut transkrip percakapan Anda dengan {site}, sesuai permintaan Anda di obrolan.',
    you: 'Anda',
    agent: 'Agen',
    bot: 'Asisten',
    empty: '(tidak ada pesan)',
    footer: 'Anda menerima email ini karena memintanya di obrolan {site}. Waktu dalam UTC.',
  },
  vi: {
    subject: 'Cuộc trò chuyện của bạn với {site}',
    intro:
      'Đây là bản ghi cuộc trò chuyện của bạn với {site}, như bạn đã yêu cầu trong khung chat.',
    you: 'Bạn',
    agent: 'Nhân viên',
    bot: 'Trợ lý',
    empty: '(không có tin nhắn)',
    footer:
      'Bạn nhận được email này vì đã yêu cầu trong khung chat trên {site}. Thời gian theo UTC.',
  },
  th: {
    subject: 'บทสนทนาของคุณกับ {site}',
    intro: 'นี่คือบันทึกบทสนทนาของคุณกับ {site} ตามที่คุณขอไว้ในแชท',
    you: 'คุณ',
    agent: 'เจ้าหน้าที่',
    bot: 'ผู้ช่วย',
    empty: '(ไม่มีข้อความ)',
    footer: 'คุณได้รับอีเมลนี้เพราะได้ขอไว้ในแชทบน {site} เวลาทั้งหมดเป็น UTC',
  },
  hi: {
    subject: '{site} के साथ आपकी बातचीत',
    intro: 'जैसा आपने चैट में कहा था, यह {site} के साथ आपकी बातचीत का ब्योरा है।',
    you: 'आप',
    agent: 'एजेंट',
    bot: 'सहायक',
    empty: '(कोई संदेश नहीं)',
    footer: 'आपको यह ईमेल इसलिए मिला है क्योंकि आपने {site} पर चैट में इसे माँगा था। समय UTC में है।',
  },
} satisfies Partial<Record<Language, TranscriptTexts>>
