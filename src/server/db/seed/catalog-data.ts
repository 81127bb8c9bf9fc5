import type { CategorySlug } from "../../../shared/schemas/catalog.ts";
import type { ArtSpec } from "./catalog-art.ts";

// The demo catalog: the shop's three categories and products a Damascene sweets maker
// sells, in English and Arabic. Prices are per kg in cents; options in grams, with an
// occasional admin price override; a few discounted, a few out of stock, most untracked.

export type SeedCategory = {
  slug: CategorySlug;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  position: number;
  art: ArtSpec;
};

export type SeedProduct = {
  sku: string;
  category: CategorySlug;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  priceCents: number;
  discountPriceCents?: number;
  /** Grams, with an optional price override in cents. Empty = sold by the kilo. */
  options: (number | [grams: number, priceCents: number])[];
  /** Grams in stock; undefined = not tracked. */
  stockGrams?: number;
  art: ArtSpec;
};

export const seedCategories: SeedCategory[] = [
  {
    slug: "baklava",
    nameEn: "Baklava",
    nameAr: "بقلاوة",
    descriptionEn:
      "Paper-thin filo layered with clarified butter and whole nuts, baked golden and finished with light syrup.",
    descriptionAr:
      "رقائق عجين رقيقة مع السمن البلدي والمكسرات، تُخبز حتى تصبح ذهبية وتُسقى بالقطر الخفيف.",
    position: 1,
    art: { piece: "diamond", nut: "pistachio", tray: "rect" },
  },
  {
    slug: "sweets",
    nameEn: "Eastern Sweets",
    nameAr: "حلويات شرقية",
    descriptionEn:
      "Kunafa, halawet el jibn, barazek and the other classics of the Damascene sweet table.",
    descriptionAr: "الكنافة وحلاوة الجبن والبرازق وغيرها من أصناف المائدة الدمشقية.",
    position: 2,
    art: { piece: "strands", nut: "pistachio", tray: "round" },
  },
  {
    slug: "maamoul",
    nameEn: "Ma'amoul",
    nameAr: "معمول",
    descriptionEn:
      "Semolina shortbread pressed in carved wooden moulds and filled with dates, walnuts or pistachio.",
    descriptionAr:
      "معمول السميد المكبوس بالقوالب الخشبية والمحشو بالتمر أو الجوز أو الفستق الحلبي.",
    position: 3,
    art: { piece: "dome", nut: "date", dough: "pale", tray: "plate" },
  },
];

const BAKLAVA_OPTIONS = [500, 1000, 2000];
const BOX_OPTIONS = [500, 1000];

export const seedProducts: SeedProduct[] = [
  // --- Baklava -------------------------------------------------------------------------
  {
    sku: "BAK-PIS-01",
    category: "baklava",
    nameEn: "Pistachio Baklava",
    nameAr: "بقلاوة بالفستق الحلبي",
    descriptionEn:
      "Forty layers of hand-stretched filo with a thick seam of Aleppo pistachio, cut into diamonds.",
    descriptionAr:
      "أربعون طبقة من العجين المرقوق يدوياً مع حشوة غنية من الفستق الحلبي، مقطعة على شكل معينات.",
    priceCents: 4200,
    options: [500, 1000, [2000, 7900]],
    art: { piece: "diamond", nut: "pistachio", tray: "rect" },
  },
  {
    sku: "BAK-WAL-02",
    category: "baklava",
    nameEn: "Walnut Baklava",
    nameAr: "بقلاوة بالجوز",
    descriptionEn: "Crisp filo and toasted walnuts with a hint of cinnamon; our most popular tray.",
    descriptionAr: "عجين مقرمش وجوز محمّص مع لمسة من القرفة؛ الصينية الأكثر طلباً عندنا.",
    priceCents: 3000,
    discountPriceCents: 2600,
    options: BAKLAVA_OPTIONS,
    art: { piece: "diamond", nut: "walnut", tray: "rect" },
  },
  {
    sku: "BAK-CAS-03",
    category: "baklava",
    nameEn: "Cashew Baklava",
    nameAr: "بقلاوة بالكاجو",
    descriptionEn:
      "Buttery squares of filo filled with whole cashews and a light orange-blossom syrup.",
    descriptionAr: "مربعات من العجين بالسمن محشوة بالكاجو الكامل مع قطر خفيف بماء الزهر.",
    priceCents: 3600,
    options: BAKLAVA_OPTIONS,
    art: { piece: "square", nut: "cashew", tray: "rect" },
  },
  {
    sku: "BAK-NEST-04",
    category: "baklava",
    nameEn: "Bird's Nest with Pistachio",
    nameAr: "عش البلبل بالفستق",
    descriptionEn:
      "Nests of fine shredded pastry, each crowned with a heap of bright green pistachios.",
    descriptionAr: "أعشاش من العجين الرفيع المبروم، يتوّج كل منها بحبات الفستق الحلبي الخضراء.",
    priceCents: 4800,
    options: BAKLAVA_OPTIONS,
    stockGrams: 12_000,
    art: { piece: "nest", nut: "pistachio", tray: "round" },
  },
  {
    sku: "BAK-ASB-05",
    category: "baklava",
    nameEn: "Asabe (Lady Fingers) with Cashew",
    nameAr: "أصابع بالكاجو",
    descriptionEn:
      "Slim rolled fingers of filo packed with cashews, baked until they shatter at a bite.",
    descriptionAr: "أصابع رفيعة من العجين الملفوف المحشو بالكاجو، تُخبز حتى تتكسر مع كل قضمة.",
    priceCents: 3400,
    options: BAKLAVA_OPTIONS,
    art: { piece: "finger", nut: "cashew", tray: "rect" },
  },
  {
    sku: "BAK-MAB-06",
    category: "baklava",
    nameEn: "Mabroumeh with Pistachio",
    nameAr: "مبرومة بالفستق",
    descriptionEn:
      "Shredded kataifi wrapped tightly around whole pistachios, sliced to show the green spiral.",
    descriptionAr:
      "عجين الكنافة المبروم بإحكام حول الفستق الحلبي الكامل، يقطع ليظهر اللولب الأخضر.",
    priceCents: 5500,
    options: BAKLAVA_OPTIONS,
    art: { piece: "spiral", nut: "pistachio", tray: "round" },
  },
  {
    sku: "BAK-BUR-07",
    category: "baklava",
    nameEn: "Burma with Pistachio",
    nameAr: "بورمة بالفستق",
    descriptionEn:
      "Thick kataifi rolls filled edge to edge with pistachio, a Damascene celebration sweet.",
    descriptionAr:
      "أصابع كنافة سميكة محشوة بالفستق الحلبي من الطرف إلى الطرف، حلوى الأفراح الدمشقية.",
    priceCents: 5800,
    options: [500, 1000],
    art: { piece: "finger", nut: "pistachio", tray: "rect", dough: "amber" },
  },
  {
    sku: "BAK-SWR-08",
    category: "baklava",
    nameEn: "Swar El Sit",
    nameAr: "سوار الست",
    descriptionEn: "Bracelet-shaped rings of filo around a pistachio centre, glazed with syrup.",
    descriptionAr: "حلقات من العجين على شكل سوار حول قلب من الفستق الحلبي، مسقية بالقطر.",
    priceCents: 4400,
    options: BAKLAVA_OPTIONS,
    art: { piece: "nest", nut: "pistachio", tray: "rect", dough: "amber" },
  },
  {
    sku: "BAK-BAL-09",
    category: "baklava",
    nameEn: "Ballorieh",
    nameAr: "بلورية",
    descriptionEn:
      "Pale, unbrowned kataifi pressed over a whole layer of pistachio; delicate and buttery.",
    descriptionAr:
      "عجين كنافة أبيض غير محمّر يكبس فوق طبقة كاملة من الفستق الحلبي؛ ناعمة وغنية بالسمن.",
    priceCents: 6000,
    options: BAKLAVA_OPTIONS,
    // Tracked and below the smallest option: shown as out of stock.
    stockGrams: 300,
    art: { piece: "square", nut: "pistachio", tray: "rect", dough: "cream" },
  },
  {
    sku: "BAK-KOL-10",
    category: "baklava",
    nameEn: "Kol w Shkor",
    nameAr: "كول واشكر",
    descriptionEn: "Open filo cups heaped with cashews; the name means 'eat and give thanks'.",
    descriptionAr: "أكواب مفتوحة من العجين مليئة بالكاجو؛ واسمها يعني كُل واشكر.",
    priceCents: 4000,
    options: [250, 500, 1000],
    art: { piece: "disc", nut: "cashew", tray: "round" },
  },
  {
    sku: "BAK-MIX-11",
    category: "baklava",
    nameEn: "Mixed Baklava Tray",
    nameAr: "صينية بقلاوة مشكلة",
    descriptionEn:
      "A little of everything: pistachio diamonds, cashew fingers, nests and walnut squares.",
    descriptionAr: "تشكيلة من كل شيء: معينات بالفستق وأصابع بالكاجو وأعشاش ومربعات بالجوز.",
    priceCents: 3800,
    options: [1000, [2000, 7200], [3000, 10500]],
    art: { piece: "square", nut: "walnut", tray: "round" },
  },
  {
    sku: "BAK-SHA-12",
    category: "baklava",
    nameEn: "Shaabiyat with Cream",
    nameAr: "شعيبيات بالقشطة",
    descriptionEn: "Filo triangles filled with fresh ashta cream and dotted with ground pistachio.",
    descriptionAr: "مثلثات من العجين محشوة بالقشطة الطازجة ومزينة بالفستق المطحون.",
    priceCents: 2600,
    options: [500, 1000],
    art: { piece: "triangle", nut: "pistachio", tray: "rect" },
  },

  // --- Eastern sweets --------------------------------------------------------------------
  {
    sku: "SWT-HJB-13",
    category: "sweets",
    nameEn: "Halawet el Jibn",
    nameAr: "حلاوة الجبن",
    descriptionEn:
      "Soft sweet-cheese dough rolled around ashta cream, with rose syrup and pistachio.",
    descriptionAr: "عجينة الجبن الطرية ملفوفة حول القشطة، مع قطر بماء الورد وفستق حلبي.",
    priceCents: 2800,
    options: [500, 1000],
    art: { piece: "finger", nut: "pistachio", tray: "plate", dough: "cream" },
  },
  {
    sku: "SWT-KNF-14",
    category: "sweets",
    nameEn: "Kunafa Nabulsieh",
    nameAr: "كنافة نابلسية",
    descriptionEn: "Crisp orange kataifi over melted white cheese, served warm with syrup.",
    descriptionAr: "كنافة برتقالية مقرمشة فوق الجبن الأبيض الذائب، تُقدّم ساخنة مع القطر.",
    priceCents: 2400,
    discountPriceCents: 2100,
    options: [1000, [2000, 4600]],
    art: { piece: "strands", nut: "pistachio", tray: "round" },
  },
  {
    sku: "SWT-BRZ-15",
    category: "sweets",
    nameEn: "Barazek",
    nameAr: "برازق",
    descriptionEn:
      "Thin crunchy biscuits covered in toasted sesame on one side and pistachio on the other.",
    descriptionAr: "بسكويت رقيق مقرمش مغطى بالسمسم المحمص من جهة وبالفستق الحلبي من الجهة الأخرى.",
    priceCents: 1800,
    discountPriceCents: 1500,
    options: [500, 1000, 2000],
    art: { piece: "disc", nut: "sesame", tray: "plate" },
  },
  {
    sku: "SWT-GHR-16",
    category: "sweets",
    nameEn: "Ghraybeh",
    nameAr: "غريبة",
    descriptionEn: "Melt-in-the-mouth butter cookies, each topped with a single pistachio.",
    descriptionAr: "كعك السمن الذي يذوب في الفم، تعلو كل قطعة منه حبة فستق حلبي.",
    priceCents: 2000,
    options: [500, 1000],
    art: { piece: "disc", nut: "pistachio", tray: "plate", dough: "pale" },
  },
  {
    sku: "SWT-NMR-17",
    category: "sweets",
    nameEn: "Namoura",
    nameAr: "نمورة",
    descriptionEn:
      "Semolina cake soaked in syrup and finished with a blanched almond on every square.",
    descriptionAr: "كيك السميد المسقي بالقطر مع حبة لوز مقشّر على كل مربع.",
    priceCents: 1900,
    options: [],
    art: { piece: "square", nut: "almond", tray: "rect", dough: "amber" },
  },
  {
    sku: "SWT-HLW-18",
    category: "sweets",
    nameEn: "Halawa with Pistachio",
    nameAr: "حلاوة طحينية بالفستق",
    descriptionEn: "Tahini halawa from stone-ground sesame, marbled with pistachio.",
    descriptionAr: "حلاوة طحينية من السمسم المطحون بحجر الرحى، مزيّنة بالفستق الحلبي.",
    priceCents: 2200,
    options: [500, 1000],
    stockGrams: 25_000,
    art: { piece: "cube", nut: "pistachio", tray: "plate", dough: "cream" },
  },
  {
    sku: "SWT-MSH-19",
    category: "sweets",
    nameEn: "Mushabbak",
    nameAr: "مشبّك",
    descriptionEn: "Crunchy fried lattice spirals dipped in syrup, a street-stall favourite.",
    descriptionAr: "أقراص مقلية مقرمشة على شكل شبكة، مغموسة بالقطر، من أشهر حلويات الأسواق.",
    priceCents: 1800,
    options: [500, 1000],
    art: { piece: "spiral", nut: "sugar", tray: "plate", dough: "orange" },
  },
  {
    sku: "SWT-AWM-20",
    category: "sweets",
    nameEn: "Awamat",
    nameAr: "عوّامات",
    descriptionEn: "Golden fried dough balls, crisp outside and airy inside, soaked in cold syrup.",
    descriptionAr: "كرات عجين ذهبية مقلية، مقرمشة من الخارج وهشة من الداخل، مسقية بالقطر البارد.",
    priceCents: 1800,
    options: [500, 1000],
    // Tracked and sold out.
    stockGrams: 0,
    art: { piece: "ball", nut: "sugar", tray: "plate", dough: "golden" },
  },
  {
    sku: "SWT-QTF-21",
    category: "sweets",
    nameEn: "Qatayef with Walnuts",
    nameAr: "قطايف بالجوز",
    descriptionEn:
      "Little folded pancakes stuffed with walnuts and cinnamon, fried and dipped in syrup.",
    descriptionAr: "فطائر صغيرة مطوية محشوة بالجوز والقرفة، مقلية ومغموسة بالقطر.",
    priceCents: 2400,
    options: [500, 1000],
    art: { piece: "halfmoon", nut: "walnut", tray: "plate" },
  },
  {
    sku: "SWT-RAH-22",
    category: "sweets",
    nameEn: "Rahat Al Halqum with Pistachio",
    nameAr: "راحة الحلقوم بالفستق",
    descriptionEn: "Rose-scented Turkish delight studded with pistachio and dusted with sugar.",
    descriptionAr: "راحة الحلقوم بنكهة الورد، محشوة بالفستق الحلبي ومغطاة بالسكر الناعم.",
    priceCents: 2000,
    options: [250, 500, 1000],
    art: { piece: "cube", nut: "pistachio", tray: "plate", dough: "pink" },
  },
  {
    sku: "SWT-KRB-23",
    category: "sweets",
    nameEn: "Karabij Halab",
    nameAr: "كرابيج حلب",
    descriptionEn:
      "Aleppo semolina fingers filled with pistachio and served with snowy natef cream.",
    descriptionAr: "أصابع السميد الحلبية المحشوة بالفستق، تقدّم مع كريمة الناطف البيضاء.",
    priceCents: 3500,
    options: [500, 1000],
    art: { piece: "finger", nut: "pistachio", tray: "plate", dough: "pale" },
  },
  {
    sku: "SWT-SMS-24",
    category: "sweets",
    nameEn: "Simsimiyeh (Sesame Brittle)",
    nameAr: "سمسمية",
    descriptionEn: "Thin squares of toasted sesame set in honey and sugar caramel.",
    descriptionAr: "مربعات رقيقة من السمسم المحمص مع العسل وكراميل السكر.",
    priceCents: 1800,
    options: [],
    art: { piece: "square", nut: "sesame", tray: "plate", dough: "amber" },
  },

  // --- Ma'amoul --------------------------------------------------------------------------
  {
    sku: "MAM-DAT-25",
    category: "maamoul",
    nameEn: "Ma'amoul with Dates",
    nameAr: "معمول بالتمر",
    descriptionEn:
      "Round semolina ma'amoul filled with date paste, mahlab and a touch of orange blossom.",
    descriptionAr: "معمول السميد المدوّر المحشو بعجينة التمر والمحلب ولمسة من ماء الزهر.",
    priceCents: 2200,
    options: BOX_OPTIONS,
    art: { piece: "dome", nut: "date", tray: "plate", dough: "pale" },
  },
  {
    sku: "MAM-WAL-26",
    category: "maamoul",
    nameEn: "Ma'amoul with Walnuts",
    nameAr: "معمول بالجوز",
    descriptionEn:
      "Dome-shaped ma'amoul with a walnut, sugar and rose-water filling, dusted with icing sugar.",
    descriptionAr: "معمول على شكل قبة محشو بالجوز والسكر وماء الورد، مرشوش بالسكر الناعم.",
    priceCents: 2800,
    options: BOX_OPTIONS,
    art: { piece: "dome", nut: "walnut", tray: "plate", dough: "cream" },
  },
  {
    sku: "MAM-PIS-27",
    category: "maamoul",
    nameEn: "Ma'amoul with Pistachio",
    nameAr: "معمول بالفستق الحلبي",
    descriptionEn: "Oval ma'amoul packed with Aleppo pistachio; the festive favourite.",
    descriptionAr: "معمول بيضاوي محشو بالفستق الحلبي؛ المفضل في الأعياد.",
    priceCents: 4000,
    discountPriceCents: 3600,
    options: [500, 1000, [2000, 7600]],
    art: { piece: "dome", nut: "pistachio", tray: "plate", dough: "pale" },
  },
  {
    sku: "MAM-MIX-28",
    category: "maamoul",
    nameEn: "Mixed Ma'amoul Box",
    nameAr: "علبة معمول مشكّلة",
    descriptionEn: "Dates, walnuts and pistachio ma'amoul together in one gift box.",
    descriptionAr: "معمول بالتمر والجوز والفستق الحلبي معاً في علبة هدايا واحدة.",
    priceCents: 3000,
    discountPriceCents: 2500,
    options: [1000, [2000, 5800]],
    art: { piece: "dome", nut: "pistachio", tray: "round", dough: "cream" },
  },
  {
    sku: "MAM-MAD-29",
    category: "maamoul",
    nameEn: "Ma'amoul Mad with Dates",
    nameAr: "معمول مدّ بالتمر",
    descriptionEn:
      "Layered tray ma'amoul: semolina, a thick band of dates, semolina again, cut in squares.",
    descriptionAr: "معمول الصينية: طبقة سميد ثم طبقة سميكة من التمر ثم سميد، يقطع مربعات.",
    priceCents: 2100,
    options: BOX_OPTIONS,
    art: { piece: "square", nut: "date", tray: "rect", dough: "pale" },
  },
  {
    sku: "MAM-FNG-30",
    category: "maamoul",
    nameEn: "Ma'amoul Fingers with Dates",
    nameAr: "أصابع معمول بالتمر",
    descriptionEn:
      "Ridged semolina fingers with a soft date centre, lightly sprinkled with sesame.",
    descriptionAr: "أصابع سميد مخططة بقلب طري من التمر، مرشوشة بقليل من السمسم.",
    priceCents: 2300,
    options: BOX_OPTIONS,
    art: { piece: "finger", nut: "date", tray: "rect", dough: "pale" },
  },
  {
    sku: "MAM-SF-31",
    category: "maamoul",
    nameEn: "Date Ma'amoul, No Added Sugar",
    nameAr: "معمول بالتمر بدون سكر مضاف",
    descriptionEn:
      "Our date ma'amoul made with whole-wheat semolina and sweetened only by the dates.",
    descriptionAr: "معمول التمر بالسميد الأسمر، محلّى بالتمر فقط.",
    priceCents: 2600,
    options: BOX_OPTIONS,
    stockGrams: 0,
    art: { piece: "dome", nut: "date", tray: "plate", dough: "amber" },
  },
  {
    sku: "MAM-KAK-32",
    category: "maamoul",
    nameEn: "Ka'ak with Ajwa Dates",
    nameAr: "كعك بالعجوة",
    descriptionEn: "Ring-shaped festive ka'ak filled with ajwa dates and scented with anise.",
    descriptionAr: "كعك العيد على شكل حلقات محشو بتمر العجوة ومعطّر باليانسون.",
    priceCents: 2000,
    options: BOX_OPTIONS,
    stockGrams: 8_000,
    art: { piece: "ring", nut: "date", tray: "plate", dough: "golden" },
  },
  {
    sku: "MAM-MIN-33",
    category: "maamoul",
    nameEn: "Mini Pistachio Ma'amoul",
    nameAr: "معمول صغير بالفستق",
    descriptionEn: "Bite-sized pistachio ma'amoul for coffee trays and guests.",
    descriptionAr: "معمول بالفستق بحجم اللقمة، لصواني القهوة والضيوف.",
    priceCents: 4400,
    options: [250, 500, 1000],
    art: { piece: "dome", nut: "pistachio", tray: "round", dough: "pale" },
  },
  {
    sku: "MAM-SEM-34",
    category: "maamoul",
    nameEn: "Semolina Ma'amoul with Butter and Walnut",
    nameAr: "معمول سميد بالسمن البلدي والجوز",
    descriptionEn: "Made the old way with ghee and a slow overnight rest, filled with walnuts.",
    descriptionAr: "يحضّر على الطريقة القديمة بالسمن البلدي وتخمير طوال الليل، ومحشو بالجوز.",
    priceCents: 3200,
    options: [],
    art: { piece: "dome", nut: "walnut", tray: "round", dough: "golden" },
  },
];

/** Home-page artwork: hero slides and social previews (category cards reuse category art). */
export const heroArt: ArtSpec[][] = [
  [
    { piece: "diamond", nut: "pistachio", tray: "rect" },
    { piece: "nest", nut: "pistachio", tray: "round" },
    { piece: "finger", nut: "cashew", tray: "rect" },
  ],
  [
    { piece: "dome", nut: "date", tray: "plate", dough: "pale" },
    { piece: "strands", nut: "pistachio", tray: "round" },
    { piece: "disc", nut: "sesame", tray: "plate" },
  ],
  [
    { piece: "spiral", nut: "pistachio", tray: "round" },
    { piece: "square", nut: "walnut", tray: "rect" },
    { piece: "cube", nut: "pistachio", tray: "plate", dough: "pink" },
  ],
];

export const socialArt: Record<
  "instagram" | "facebook" | "tiktok",
  { accent: string; art: ArtSpec[] }
> = {
  instagram: {
    accent: "#c13584",
    art: [
      { piece: "nest", nut: "pistachio", tray: "round" },
      { piece: "dome", nut: "pistachio", tray: "plate", dough: "pale" },
    ],
  },
  facebook: {
    accent: "#1877f2",
    art: [
      { piece: "diamond", nut: "walnut", tray: "rect" },
      { piece: "strands", nut: "pistachio", tray: "round" },
    ],
  },
  tiktok: {
    accent: "#111111",
    art: [
      { piece: "finger", nut: "cashew", tray: "rect" },
      { piece: "ball", nut: "sugar", tray: "plate" },
    ],
  },
};
