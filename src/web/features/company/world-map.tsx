import { useTranslation } from "../../i18n/translator.tsx";

/** Longitude/latitude to the map's equirectangular box (x 0..360, y 0..144 for 84°N..60°S). */
const x = (lon: number) => lon + 180;
const y = (lat: number) => 84 - lat;
const shape = (points: Array<[number, number]>) =>
  points.map(([lon, lat]) => `${x(lon).toFixed(1)},${y(lat).toFixed(1)}`).join(" ");

// Simplified continents: a recognisable silhouette, not a survey.
const CONTINENTS: Array<Array<[number, number]>> = [
  // North America
  [
    [-168, 66],
    [-140, 70],
    [-95, 72],
    [-80, 63],
    [-62, 60],
    [-55, 50],
    [-66, 44],
    [-76, 35],
    [-81, 25],
    [-97, 26],
    [-97, 19],
    [-87, 15],
    [-83, 9],
    [-79, 8],
    [-92, 14],
    [-105, 20],
    [-112, 29],
    [-117, 33],
    [-124, 40],
    [-124, 48],
    [-135, 58],
    [-150, 60],
    [-165, 60],
  ],
  // Greenland
  [
    [-45, 60],
    [-20, 70],
    [-20, 82],
    [-60, 82],
    [-70, 76],
    [-55, 68],
  ],
  // South America
  [
    [-79, 8],
    [-72, 12],
    [-61, 10],
    [-50, 0],
    [-35, -5],
    [-39, -15],
    [-48, -26],
    [-58, -35],
    [-65, -41],
    [-68, -55],
    [-74, -50],
    [-73, -37],
    [-71, -18],
    [-81, -6],
    [-80, 0],
  ],
  // Europe
  [
    [-10, 36],
    [-9, 43],
    [-2, 44],
    [-4, 48],
    [2, 51],
    [8, 54],
    [10, 58],
    [5, 62],
    [15, 69],
    [28, 71],
    [40, 67],
    [45, 60],
    [40, 48],
    [30, 45],
    [28, 41],
    [22, 40],
    [20, 37],
    [12, 38],
    [10, 44],
    [5, 43],
    [3, 42],
    [-5, 36],
  ],
  // Great Britain
  [
    [-5, 50],
    [2, 52],
    [-2, 56],
    [-5, 58],
    [-6, 55],
  ],
  // Africa
  [
    [-17, 21],
    [-10, 30],
    [-6, 36],
    [10, 37],
    [20, 31],
    [32, 31],
    [35, 28],
    [43, 12],
    [51, 11],
    [40, -2],
    [40, -15],
    [33, -26],
    [20, -35],
    [18, -30],
    [12, -17],
    [13, -5],
    [9, 4],
    [-8, 5],
    [-17, 15],
  ],
  // Madagascar
  [
    [44, -25],
    [47, -25],
    [50, -15],
    [49, -12],
  ],
  // Asia
  [
    [28, 41],
    [36, 36],
    [35, 33],
    [34, 29],
    [43, 13],
    [52, 16],
    [57, 22],
    [60, 25],
    [67, 25],
    [73, 20],
    [77, 8],
    [80, 15],
    [88, 22],
    [92, 22],
    [98, 16],
    [100, 6],
    [104, 1],
    [103, 10],
    [109, 12],
    [107, 20],
    [117, 23],
    [122, 30],
    [121, 40],
    [127, 40],
    [130, 43],
    [140, 48],
    [143, 60],
    [160, 60],
    [170, 65],
    [180, 68],
    [180, 72],
    [140, 74],
    [110, 77],
    [80, 73],
    [68, 70],
    [55, 69],
    [45, 68],
    [40, 67],
    [45, 60],
    [40, 48],
    [45, 42],
    [40, 41],
  ],
  // Japan
  [
    [130, 31],
    [136, 34],
    [141, 38],
    [142, 45],
    [140, 42],
    [135, 36],
  ],
  // Indonesia and Borneo
  [
    [95, 5],
    [106, -6],
    [115, -8],
    [110, -4],
    [103, -3],
  ],
  [
    [109, 2],
    [117, 7],
    [119, 0],
    [116, -4],
    [110, -3],
  ],
  // Australia
  [
    [114, -22],
    [122, -18],
    [130, -12],
    [137, -12],
    [142, -11],
    [146, -19],
    [153, -25],
    [150, -37],
    [141, -38],
    [131, -31],
    [116, -35],
    [113, -26],
  ],
];

/** The map's two markers, at fixed positions (Damascus and Cairo). */
const MARKERS = [
  { key: "syria", lon: 36.3, lat: 33.5 },
  { key: "egypt", lon: 31.2, lat: 30.0 },
] as const;

/** The 'from Syria' world map: two markers whose labels show on hover and on focus. */
export function WorldMap() {
  const { t } = useTranslation("about");
  return (
    <figure className="relative mx-auto w-full max-w-3xl" aria-label={t("fromSyria.map")}>
      <svg viewBox="0 0 360 144" className="h-auto w-full" aria-hidden="true">
        <rect width="360" height="144" rx="6" className="fill-white" />
        {CONTINENTS.map((points) => (
          <polygon
            key={points[0]!.join()}
            points={shape(points)}
            className="fill-gold/30 stroke-gold-dark/40"
            strokeWidth={0.4}
            strokeLinejoin="round"
          />
        ))}
      </svg>
      {MARKERS.map((marker) => (
        <span
          key={marker.key}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the label is shown on focus, for keyboards
          tabIndex={0}
          role="img"
          aria-label={t(`fromSyria.${marker.key}`)}
          data-testid={`map-marker-${marker.key}`}
          className="group absolute -translate-x-1/2 -translate-y-full rounded-full outline-offset-4"
          style={{
            left: `${(x(marker.lon) / 360) * 100}%`,
            top: `${(y(marker.lat) / 144) * 100}%`,
          }}
        >
          <svg viewBox="0 0 24 32" className="h-8 w-6 drop-shadow" aria-hidden="true">
            <path
              d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0Z"
              className="fill-brown"
            />
            <circle cx="12" cy="12" r="4.5" className="fill-white" />
          </svg>
          <span
            aria-hidden="true"
            className="pointer-events-none absolute bottom-full start-1/2 mb-1 -translate-x-1/2 whitespace-nowrap rounded bg-ink px-2 py-1 text-xs font-semibold text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus:opacity-100 rtl:translate-x-1/2"
          >
            {t(`fromSyria.${marker.key}`)}
          </span>
        </span>
      ))}
    </figure>
  );
}
