// Ready-made answer scales for the survey designer (product spec s.2): choosing one fills the
// question's choices.
export type RatingTemplate = { id: string; label: string; choices: readonly string[] };

export const RATING_TEMPLATES: readonly RatingTemplate[] = [
  {
    id: 'agree-5',
    label: 'Agree scale (5 points)',
    choices: ['Strongly agree', 'Agree', 'Neither agree nor disagree', 'Disagree', 'Strongly disagree'],
  },
  {
    id: 'agree-7',
    label: 'Agree scale (7 points)',
    choices: [
      'Strongly agree',
      'Agree',
      'Somewhat agree',
      'Neither agree nor disagree',
      'Somewhat disagree',
      'Disagree',
      'Strongly disagree',
    ],
  },
  {
    id: 'satisfaction',
    label: 'Satisfaction',
    choices: ['Very satisfied', 'Satisfied', 'Neutral', 'Dissatisfied', 'Very dissatisfied'],
  },
  { id: 'yes-no', label: 'Yes / No', choices: ['Yes', 'No'] },
  { id: 'yes-no-maybe', label: 'Yes / No / Maybe', choices: ['Yes', 'No', 'Maybe'] },
  { id: 'true-false', label: 'True / False', choices: ['True', 'False'] },
  {
    id: 'likelihood',
    label: 'Likelihood',
    choices: ['Very likely', 'Likely', 'Neither likely nor unlikely', 'Unlikely', 'Very unlikely'],
  },
  {
    id: 'importance',
    label: 'Importance',
    choices: ['Very important', 'Important', 'Moderately important', 'Slightly important', 'Not important'],
  },
  { id: 'quality', label: 'Quality', choices: ['Excellent', 'Good', 'Fair', 'Poor', 'Very poor'] },
  { id: 'frequency', label: 'Frequency', choices: ['Always', 'Often', 'Sometimes', 'Rarely', 'Never'] },
  {
    id: 'usage',
    label: 'How often (usage)',
    choices: ['Every day', 'A few times a week', 'About once a week', 'A few times a month', 'Less often', 'Never'],
  },
  {
    id: 'difficulty',
    label: 'Difficulty',
    choices: ['Very easy', 'Easy', 'Neither easy nor difficult', 'Difficult', 'Very difficult'],
  },
  {
    id: 'months',
    label: 'Months',
    choices: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
  },
  {
    id: 'days',
    label: 'Days of the week',
    choices: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  },
  {
    id: 'income',
    label: 'Income bands (yearly, USD)',
    choices: [
      'Under $25,000',
      '$25,000 - $49,999',
      '$50,000 - $74,999',
      '$75,000 - $99,999',
      '$100,000 - $149,999',
      '$150,000 or more',
      'Prefer not to say',
    ],
  },
  {
    id: 'age',
    label: 'Age bands',
    choices: ['Under 18', '18-24', '25-34', '35-44', '45-54', '55-64', '65 or older'],
  },
  {
    id: 'education',
    label: 'Education level',
    choices: [
      'Less than high school',
      'High school',
      'Some college',
      "Bachelor's degree",
      "Master's degree",
      'Doctorate',
    ],
  },
  {
    id: 'employment',
    label: 'Employment status',
    choices: ['Employed full-time', 'Employed part-time', 'Self-employed', 'Unemployed', 'Student', 'Retired'],
  },
  {
    id: 'gender',
    label: 'Gender',
    choices: ['Female', 'Male', 'Non-binary', 'Prefer to self-describe', 'Prefer not to say'],
  },
  {
    id: 'recommend',
    label: 'Would recommend',
    choices: ['Definitely would', 'Probably would', 'Not sure', 'Probably would not', 'Definitely would not'],
  },
];
