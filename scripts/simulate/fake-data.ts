// Realistic-looking participants for the simulator and the demo seed (all invented).
import { shownQuestions, type LogicAnswer, type QuestionLogic } from '../../shared/survey-logic';
import type { CollectionData } from './response-crypto';

/** A small seeded generator (mulberry32), so a seed run can be repeated exactly. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];
const int = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const FIRST = [
  'Amara',
  'Ben',
  'Chloé',
  'Diego',
  'Elif',
  'Farah',
  'Gustav',
  'Hana',
  'Ivan',
  'Jonas',
  'Keiko',
  'Lars',
  'Maya',
  'Noah',
  'Olga',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tariq',
  'Uma',
  'Viktor',
  'Wen',
  'Yusuf',
  'Zoë',
];
const LAST = [
  'Okafor',
  'Schmidt',
  'Dubois',
  'García',
  'Yılmaz',
  'Haddad',
  'Lindqvist',
  'Sato',
  'Petrov',
  'Müller',
  'Tanaka',
  'Nielsen',
  'Cohen',
  'Silva',
  'Kowalska',
  'Sharma',
  'Moreau',
  'Rossi',
  'Berg',
  'Rahman',
  'Iyer',
  'Novak',
  'Li',
  'Demir',
  'Fischer',
];
const PLACES = [
  { city: 'Berlin', region: 'Berlin', district: 'Kreuzberg', country: 'Germany', street: 'Oranienstraße' },
  { city: 'Lisbon', region: 'Lisboa', district: 'Alfama', country: 'Portugal', street: 'Rua de São Miguel' },
  { city: 'Toronto', region: 'Ontario', district: 'Annex', country: 'Canada', street: 'Bloor Street West' },
  { city: 'Nairobi', region: 'Nairobi County', district: 'Westlands', country: 'Kenya', street: 'Waiyaki Way' },
  { city: 'Osaka', region: 'Osaka', district: 'Kita', country: 'Japan', street: 'Umeda 2-chome' },
  {
    city: 'Austin',
    region: 'Texas',
    district: 'Travis Heights',
    country: 'United States',
    street: 'South Congress Ave',
  },
  { city: 'Melbourne', region: 'Victoria', district: 'Fitzroy', country: 'Australia', street: 'Brunswick Street' },
  { city: 'Pune', region: 'Maharashtra', district: 'Kothrud', country: 'India', street: 'Karve Road' },
] as const;
const GENDERS = ['female', 'male', 'non-binary', 'prefer not to say'];
const ID_TYPES = ['passport', 'national ID card', 'driving licence'];

type Options = Partial<Record<'healthData' | 'locationData' | 'profileData' | 'idData' | 'personalImages', boolean>>;

/** One participant's data, holding what the request asks for (its options) and nothing else. */
export function fakePerson(random: () => number, options: Options | null): CollectionData {
  const firstName = pick(random, FIRST);
  const lastName = pick(random, LAST);
  const place = pick(random, PLACES);
  const data: CollectionData = {};
  if (options?.profileData) {
    Object.assign(data, {
      firstName,
      lastName,
      age: int(random, 18, 79),
      mobile: `+1 555 01${String(int(random, 0, 99)).padStart(2, '0')}`,
      email: `${firstName}.${lastName}${int(random, 1, 99)}@example.org`.toLowerCase(),
      gender: pick(random, GENDERS),
    });
  }
  if (options?.locationData) {
    data.location = {
      name: pick(random, ['Home', 'Work', 'Gym']),
      street: `${place.street} ${int(random, 1, 180)}`,
      region: place.region,
      district: place.district,
      city: place.city,
      country: place.country,
    };
  }
  if (options?.personalImages) {
    data.image_upload = Array.from(
      { length: int(random, 1, 3) },
      () => `https://images.example.org/p/${Math.floor(random() * 1e12).toString(36)}.jpg`,
    );
  }
  if (options?.healthData) {
    data.health = {
      stepsPerDay: int(random, 1500, 16000),
      restingHeartRate: int(random, 48, 88),
      sleepHours: Math.round((5 + random() * 4) * 10) / 10,
    };
  }
  if (options?.idData) {
    data.idDocument = { type: pick(random, ID_TYPES), country: place.country, last4: String(int(random, 1000, 9999)) };
  }
  return data;
}

export type PhoneQuestion = {
  id: string;
  index: number;
  type: string;
  title: string;
  options: string[] | { scale: number; shape: string };
  // survey format 2 (the simulator sends surveyVersion=2)
  required?: boolean;
  min?: number | null;
  max?: number | null;
  rows?: string[];
  logic?: QuestionLogic;
  block?: { shuffle: boolean };
  shuffleOptions?: boolean;
};

const PERSONAL = ['short_text', 'long_text', 'number', 'date'];
const WORDS = ['calm', 'busy', 'sunny', 'tired', 'happy', 'curious', 'slow', 'quick'];

/** One answer to a question of any type, skewed a little so the charts are not flat. */
function fakeAnswer(random: () => number, q: PhoneQuestion): unknown {
  if (!Array.isArray(q.options)) {
    const scale = q.options.scale;
    return Math.max(1, Math.min(scale, Math.round(scale * (0.45 + random() * 0.6))));
  }
  const choices = q.options;
  const skewed = () => choices[Math.min(choices.length - 1, Math.floor(random() ** 1.6 * choices.length))];
  switch (q.type) {
    case 'checkboxes':
      return [...new Set(Array.from({ length: int(random, 1, Math.min(3, choices.length)) }, skewed))];
    case 'nps':
      return Math.min(10, Math.round(4 + random() * 7));
    case 'matrix':
      return Object.fromEntries((q.rows ?? []).map((row) => [row, skewed()]));
    case 'ranking':
      return [...choices].sort(() => random() - 0.5);
    case 'short_text':
      return pick(random, WORDS);
    case 'long_text':
      return `${pick(random, WORDS)} and ${pick(random, WORDS)} today`;
    case 'number': {
      const [low, high] = [q.min ?? 0, q.max ?? 100];
      return Math.round((low + random() * (high - low)) * 10) / 10;
    }
    case 'date':
      return `2026-${String(int(random, 1, 12)).padStart(2, '0')}-${String(int(random, 1, 28)).padStart(2, '0')}`;
    default:
      return skewed();
  }
}

/** Answers to every question the survey's logic shows, in order (an answer can change what follows). */
export function fakeSurvey(random: () => number, questions: PhoneQuestion[]) {
  const given: unknown[] = [];
  for (let i = 0; i < questions.length; i++) {
    given[i] = fakeAnswer(random, questions[i]);
  }
  const shown = shownQuestions(
    questions.map((q) => ({ type: q.type, title: q.title, options: [], logic: q.logic ?? null })),
    given as LogicAnswer[],
  );
  const answers: { questionId: string; answer: unknown }[] = [];
  const personal: Record<string, unknown> = {};
  questions.forEach((q, i) => {
    if (!shown[i]) return;
    if (PERSONAL.includes(q.type)) personal[q.id] = given[i];
    else answers.push({ questionId: q.id, answer: given[i] });
  });
  return { answers, personal };
}

/** Answers to every question (the closed ones; personal answers are left to fakeSurvey). */
export function fakeAnswers(random: () => number, questions: PhoneQuestion[]) {
  return fakeSurvey(random, questions).answers;
}
