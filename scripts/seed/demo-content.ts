// The demo seed's requests: what a small research team might run (all invented).

type Options = {
  healthData: boolean;
  locationData: boolean;
  profileData: boolean;
  idData: boolean;
  personalImages: boolean;
};
type Question =
  | { type: 'dropdown' | 'radios' | 'checkboxes'; title: string; options: string[] }
  | { type: 'stars'; title: string; options: { scale: number; shape: 'star' | 'heart' | 'thumb' } };

export type DemoRequest = {
  title: string;
  description: string;
  quality: 'all' | 'high';
  access: 'Single Access' | 'Multiple Access';
  bonusAmount: number;
  bonusEach: number;
  /** false: saved as a draft */
  publish: boolean;
  /** phones the seed sends to a published request */
  respondents: number;
} & ({ type: 'collection'; options: Options } | { type: 'survey'; questions: Question[] });

const AGREE = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'];
const FREQUENCY = ['Never', 'Rarely', 'Sometimes', 'Often', 'Always'];
const LIKELY = ['Very unlikely', 'Unlikely', 'Not sure', 'Likely', 'Very likely'];
const AGES = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const DEMO_REQUESTS: DemoRequest[] = [
  {
    type: 'collection',
    title: 'Sleep and activity study',
    description: 'Daily steps, resting heart rate and sleep for a four-week public health study.',
    quality: 'high',
    access: 'Single Access',
    bonusAmount: 60,
    bonusEach: 3,
    publish: true,
    respondents: 14,
    options: { healthData: true, locationData: false, profileData: true, idData: false, personalImages: false },
  },
  {
    type: 'survey',
    title: 'Remote work habits',
    description: 'How people organise their week when they can work from anywhere.',
    quality: 'all',
    access: 'Multiple Access',
    bonusAmount: 40,
    bonusEach: 2,
    publish: true,
    respondents: 17,
    questions: [
      { type: 'radios', title: 'How many days a week do you work from home?', options: ['0', '1-2', '3-4', '5'] },
      { type: 'checkboxes', title: 'Which days are you usually in the office?', options: DAYS.slice(0, 5) },
      { type: 'dropdown', title: 'Your age band', options: AGES },
      { type: 'radios', title: 'I am more productive at home', options: AGREE },
      { type: 'stars', title: 'Rate your home office setup', options: { scale: 5, shape: 'star' } },
    ],
  },
  {
    type: 'collection',
    title: 'Commute patterns in the city',
    description: 'Where people live and work, to plan better bus routes. Locations are shared once.',
    quality: 'all',
    access: 'Single Access',
    bonusAmount: 30,
    bonusEach: 2,
    publish: true,
    respondents: 9,
    options: { healthData: false, locationData: true, profileData: true, idData: false, personalImages: false },
  },
  {
    type: 'survey',
    title: 'Coffee and tea preferences',
    description: 'A short survey for a neighbourhood café.',
    quality: 'all',
    access: 'Multiple Access',
    bonusAmount: 24,
    bonusEach: 1,
    publish: true,
    respondents: 20,
    questions: [
      { type: 'radios', title: 'Coffee or tea?', options: ['Coffee', 'Tea', 'Both', 'Neither'] },
      { type: 'dropdown', title: 'How often do you buy a drink out?', options: FREQUENCY },
      { type: 'radios', title: 'How likely are you to try an oat-milk special?', options: LIKELY },
      { type: 'stars', title: 'How much do you like our current menu?', options: { scale: 5, shape: 'heart' } },
    ],
  },
  {
    type: 'collection',
    title: 'Skin-care photo diary',
    description: 'Weekly photos and basic profile data for a dermatology app pilot.',
    quality: 'high',
    access: 'Multiple Access',
    bonusAmount: 50,
    bonusEach: 5,
    publish: true,
    respondents: 6,
    options: { healthData: false, locationData: false, profileData: true, idData: true, personalImages: true },
  },
  {
    type: 'survey',
    title: 'Grocery shopping (draft)',
    description: 'Not published yet: the questions still need a review.',
    quality: 'all',
    access: 'Single Access',
    bonusAmount: 20,
    bonusEach: 1,
    publish: false,
    respondents: 0,
    questions: [
      {
        type: 'checkboxes',
        title: 'Where do you shop for groceries?',
        options: ['Supermarket', 'Market', 'Online', 'Corner shop'],
      },
      { type: 'stars', title: 'How happy are you with prices?', options: { scale: 10, shape: 'thumb' } },
    ],
  },
  {
    type: 'collection',
    title: 'Household energy use (draft)',
    description: 'Not published yet: waiting for the ethics board.',
    quality: 'all',
    access: 'Single Access',
    bonusAmount: 15,
    bonusEach: 3,
    publish: false,
    respondents: 0,
    options: { healthData: false, locationData: true, profileData: false, idData: false, personalImages: false },
  },
];
