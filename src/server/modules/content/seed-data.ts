import type { PolicyPage } from "../../../shared/schemas/content.ts";

export type SeedFaq = {
  slug: string;
  question: { en: string; ar: string };
  answer: { en: string; ar: string };
};

export type SeedSection = {
  page: PolicyPage;
  slug: string;
  title: { en: string; ar: string };
  text?: { en: string; ar: string };
  points?: { en: string[]; ar: string[] };
};

/**
 * The shop's facts as the FAQ gives them (where two pages disagree, each keeps its
 * own reading: the FAQ's delivery times differ from the refund page's on purpose).
 */
export const SEED_FAQ: SeedFaq[] = [
  {
    slug: "delivery-times",
    question: { en: "How long does delivery take?", ar: "كم يستغرق التوصيل؟" },
    answer: {
      en: "Within Damascus, 24–48 hours. Elsewhere in Syria, 2–4 days. International orders arrive in 5–10 business days.",
      ar: "داخل دمشق من 24 إلى 48 ساعة. في باقي المحافظات السورية من 2 إلى 4 أيام. تصل الطلبات الدولية خلال 5 إلى 10 أيام عمل.",
    },
  },
  {
    slug: "payments",
    question: { en: "How can I pay?", ar: "كيف يمكنني الدفع؟" },
    answer: {
      en: "We accept cards (Visa, MasterCard), online payment gateways and, in some countries, bank transfers. You can also pay cash on delivery or order through our messaging app. Prices are in US dollars; other currencies are accepted.",
      ar: "نقبل البطاقات (فيزا وماستركارد) وبوابات الدفع الإلكتروني، والتحويل المصرفي في بعض الدول. يمكنك أيضاً الدفع عند الاستلام أو الطلب عبر تطبيق المراسلة. الأسعار بالدولار الأمريكي، ونقبل عملات أخرى.",
    },
  },
  {
    slug: "shipping",
    question: { en: "Do you ship outside Syria?", ar: "هل تشحنون خارج سوريا؟" },
    answer: {
      en: "Yes. International orders travel with an international courier. We cannot ship to some countries, and some have a weight limit per order: the international shipping page lists them.",
      ar: "نعم. تُشحن الطلبات الدولية مع شركة شحن دولية. لا يمكننا الشحن إلى بعض الدول، وبعضها له حد للوزن في الطلب الواحد: تجد القائمة في صفحة الشحن الدولي.",
    },
  },
  {
    slug: "freshness",
    question: { en: "How fresh are the sweets?", ar: "ما مدى طزاجة الحلويات؟" },
    answer: {
      en: "We bake in small batches every day and pack your order fresh from the trays. Keep the sweets in a cool, dry place, away from the sun, in their closed box.",
      ar: "نخبز كميات صغيرة كل يوم ونحضّر طلبك طازجاً من الصواني. احفظ الحلويات في مكان بارد وجاف بعيداً عن الشمس، في علبتها المغلقة.",
    },
  },
  {
    slug: "by-weight",
    question: { en: "How does ordering by weight work?", ar: "كيف يتم الطلب بالوزن؟" },
    answer: {
      en: "Every price is per 1 kg. On a product's page choose a weight, for example half a kilo or one kilo, and the quantity: the price follows the weight you choose.",
      ar: "كل الأسعار لكل 1 كغ. اختر في صفحة المنتج الوزن، مثلاً نصف كيلو أو كيلو، ثم الكمية: يتغير السعر حسب الوزن الذي تختاره.",
    },
  },
  {
    slug: "returns",
    question: { en: "Can I return my order?", ar: "هل يمكنني إرجاع طلبي؟" },
    answer: {
      en: "All sales are final and non-refundable, because our sweets are food made fresh for each order.",
      ar: "جميع المبيعات نهائية وغير قابلة للاسترداد، لأن حلوياتنا طعام يُحضّر طازجاً لكل طلب.",
    },
  },
];

const PAYMENT_POINTS = {
  en: [
    "Cards: Visa and MasterCard",
    "Online payment gateways",
    "Bank transfer, in some countries",
    "Several currencies are accepted; prices are based on the US dollar",
  ],
  ar: [
    "البطاقات: فيزا وماستركارد",
    "بوابات الدفع الإلكتروني",
    "التحويل المصرفي في بعض الدول",
    "نقبل عدة عملات، والأسعار أساسها الدولار الأمريكي",
  ],
};

/** The shop's policy facts, one section per title (with points or text), per page. */
export const SEED_SECTIONS: SeedSection[] = [
  // Privacy
  {
    page: "privacy",
    slug: "what-we-collect",
    title: { en: "What we collect", ar: "ما نجمعه من معلومات" },
    points: {
      en: [
        "Your name, phone number, e-mail and delivery address when you order",
        "The messages and enquiries you send us",
        "Your e-mail address if you subscribe to our newsletter",
      ],
      ar: [
        "اسمك ورقم هاتفك وبريدك الإلكتروني وعنوان التوصيل عند الطلب",
        "الرسائل والاستفسارات التي ترسلها إلينا",
        "بريدك الإلكتروني إذا اشتركت في نشرتنا البريدية",
      ],
    },
  },
  {
    page: "privacy",
    slug: "how-we-use-it",
    title: { en: "How we use it", ar: "كيف نستخدمها" },
    points: {
      en: [
        "To prepare, ship and follow up your orders",
        "To answer your messages and trade enquiries",
        "To send our newsletter, only if you asked for it",
      ],
      ar: [
        "لتحضير طلباتك وشحنها ومتابعتها",
        "للرد على رسائلك واستفسارات التجار",
        "لإرسال نشرتنا البريدية، فقط إذا طلبتها",
      ],
    },
  },
  {
    page: "privacy",
    slug: "sharing",
    title: { en: "Who sees it", ar: "من يطّلع عليها" },
    text: {
      en: "We share your delivery details only with the courier that brings your order, and payment details only with the payment provider. We never sell your data.",
      ar: "نشارك بيانات التوصيل فقط مع شركة الشحن التي توصل طلبك، وبيانات الدفع فقط مع مزوّد الدفع. لا نبيع بياناتك أبداً.",
    },
  },
  {
    page: "privacy",
    slug: "browser-storage",
    title: { en: "Your browser", ar: "متصفحك" },
    text: {
      en: "Your cart and your language choice are kept in your browser so they are still there on your next visit. Signing in keeps a session token there too.",
      ar: "تُحفظ سلة التسوق واختيار اللغة في متصفحك لتجدها في زيارتك القادمة. ويُحفظ فيه أيضاً رمز الجلسة عند تسجيل الدخول.",
    },
  },
  {
    page: "privacy",
    slug: "your-rights",
    title: { en: "Your rights", ar: "حقوقك" },
    text: {
      en: "Write to us through the contact page to see, correct or delete the information we hold about you.",
      ar: "راسلنا عبر صفحة التواصل للاطلاع على معلوماتك لدينا أو تصحيحها أو حذفها.",
    },
  },
  // Terms
  {
    page: "terms",
    slug: "orders",
    title: { en: "Orders", ar: "الطلبات" },
    points: {
      en: [
        "Products are sold by weight; prices are per 1 kg",
        "An order is confirmed when we accept it; we contact you if something is unavailable",
        "Shipping limits per country apply to the whole order's weight",
      ],
      ar: [
        "تُباع المنتجات بالوزن، والأسعار لكل 1 كغ",
        "يُعتمد الطلب عند قبولنا له، ونتواصل معك إذا لم يتوفر شيء منه",
        "حدود الشحن لكل دولة تنطبق على وزن الطلب كاملاً",
      ],
    },
  },
  {
    page: "terms",
    slug: "payment",
    title: { en: "Payment", ar: "الدفع" },
    points: PAYMENT_POINTS,
  },
  {
    page: "terms",
    slug: "shipping",
    title: { en: "Shipping", ar: "الشحن" },
    text: {
      en: "International orders ship via an international courier. Some countries cannot be served and others have weight limits, as listed on the international shipping page.",
      ar: "تُشحن الطلبات الدولية عبر شركة شحن دولية. لا يمكن الشحن إلى بعض الدول ولبعضها حدود للوزن، كما هو مبيّن في صفحة الشحن الدولي.",
    },
  },
  {
    page: "terms",
    slug: "final-sale",
    title: { en: "All sales are final", ar: "جميع المبيعات نهائية" },
    text: {
      en: "All sales are final and non-refundable.",
      ar: "جميع المبيعات نهائية وغير قابلة للاسترداد.",
    },
  },
  // Refund
  {
    page: "refund",
    slug: "final-sale",
    title: { en: "All sales are final", ar: "جميع المبيعات نهائية" },
    text: {
      en: "All sales are final and non-refundable. Our sweets are food, prepared fresh for every order, so we cannot take them back.",
      ar: "جميع المبيعات نهائية وغير قابلة للاسترداد. حلوياتنا طعام يُحضّر طازجاً لكل طلب، لذلك لا يمكننا استرجاعها.",
    },
  },
  {
    page: "refund",
    slug: "delivery-times",
    title: { en: "Delivery times", ar: "مدة التوصيل" },
    points: {
      en: ["Domestic orders: 3–7 business days", "International orders: 7–21 business days"],
      ar: ["الطلبات المحلية: من 3 إلى 7 أيام عمل", "الطلبات الدولية: من 7 إلى 21 يوم عمل"],
    },
  },
  {
    page: "refund",
    slug: "payment-methods",
    title: { en: "Payment methods", ar: "طرق الدفع" },
    points: PAYMENT_POINTS,
  },
  // International shipping: the numbered points (the table is generated from the rules)
  {
    page: "shipping",
    slug: "points",
    title: { en: "Before you order", ar: "قبل أن تطلب" },
    points: {
      en: [
        "International orders ship from Damascus via an international courier.",
        "Syria is domestic: no weight limit applies.",
        "We cannot ship to the countries listed below.",
        "For some countries the whole order may weigh at most 1 kg or 3 kg.",
        "Where a country appears on two lists, the stricter one applies: Portugal is on the 1 kg list and on the no-shipping list, so we do not ship there.",
        "Checkout applies these same rules before you pay.",
      ],
      ar: [
        "تُشحن الطلبات الدولية من دمشق عبر شركة شحن دولية.",
        "سوريا شحن محلي: لا يوجد حد للوزن.",
        "لا يمكننا الشحن إلى الدول المذكورة أدناه.",
        "في بعض الدول يجب ألا يتجاوز وزن الطلب كاملاً 1 كغ أو 3 كغ.",
        "إذا وردت دولة في قائمتين تُطبَّق القاعدة الأشد: البرتغال في قائمة 1 كغ وفي قائمة الدول التي لا نشحن إليها، لذلك لا نشحن إليها.",
        "تطبّق صفحة إتمام الطلب القواعد نفسها قبل الدفع.",
      ],
    },
  },
];
