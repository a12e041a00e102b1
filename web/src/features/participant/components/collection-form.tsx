import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { CollectionData } from '../../../crypto/collection-response';
import {
  checkCollectionData,
  GENDERS,
  ID_TYPES,
  type CollectionOptions,
} from '../../../shared/collection/collection-format';
import { MAX_RESPONSE_IMAGES, readImage, type PickedImage } from './image-upload';
import { english, msg, useT, type Translate } from '../i18n/i18n';

// the checker's fixed choices, shown in the participant's language (the value sent stays English)
const CHOICES = [
  msg('female'),
  msg('male'),
  msg('non-binary'),
  msg('prefer not to say'),
  msg('passport'),
  msg('national ID card'),
  msg('driving licence'),
];

export type CollectionValues = Record<string, string>;

type Field = {
  key: string;
  label: string;
  type?: 'number' | 'email' | 'tel';
  choices?: readonly string[];
  help?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal';
};

const GROUPS: { option: keyof CollectionOptions; title: string; fields: Field[] }[] = [
  {
    option: 'profileData',
    title: msg('Profile'),
    fields: [
      { key: 'firstName', label: msg('First name'), autoComplete: 'given-name' },
      { key: 'lastName', label: msg('Last name'), autoComplete: 'family-name' },
      { key: 'age', label: msg('Age'), type: 'number', inputMode: 'numeric' },
      {
        key: 'mobile',
        label: msg('Mobile'),
        type: 'tel',
        help: msg('International form, e.g. +44 20 7946 0018'),
        autoComplete: 'tel',
      },
      { key: 'email', label: msg('E-mail'), type: 'email', autoComplete: 'email' },
      { key: 'gender', label: msg('Gender'), choices: GENDERS },
    ],
  },
  {
    option: 'locationData',
    title: msg('Location'),
    fields: [
      { key: 'location.name', label: msg('Label (e.g. Home)') },
      { key: 'location.street', label: msg('Street'), autoComplete: 'address-line1' },
      { key: 'location.district', label: msg('District') },
      { key: 'location.city', label: msg('City'), autoComplete: 'address-level2' },
      { key: 'location.region', label: msg('Region'), autoComplete: 'address-level1' },
      {
        key: 'location.country',
        label: msg('Country'),
        help: msg('e.g. UK or United Kingdom'),
        autoComplete: 'country',
      },
    ],
  },
  {
    option: 'healthData',
    title: msg('Health'),
    fields: [
      { key: 'health.stepsPerDay', label: msg('Steps a day'), type: 'number', inputMode: 'numeric' },
      { key: 'health.restingHeartRate', label: msg('Resting heart rate (bpm)'), type: 'number', inputMode: 'numeric' },
      { key: 'health.sleepHours', label: msg('Hours of sleep a night'), type: 'number', inputMode: 'decimal' },
    ],
  },
  {
    option: 'idData',
    title: msg('ID document'),
    fields: [
      { key: 'idDocument.type', label: msg('Document'), choices: ID_TYPES },
      { key: 'idDocument.country', label: msg('Issued by (country)') },
      { key: 'idDocument.last4', label: msg('Last 4 characters of its number'), help: msg('Never the whole number') },
    ],
  },
];

const NUMBER_KEYS = new Set(['age', 'health.stepsPerDay', 'health.restingHeartRate', 'health.sleepHours']);

// "12" -> 12; what is not a number stays text so the checker names the field.
const valueOf = (key: string, raw: string | undefined): unknown => {
  const text = (raw ?? '').trim();
  if (NUMBER_KEYS.has(key) && text !== '' && Number.isFinite(Number(text))) return Number(text);
  return text;
};

/** The response JSON for exactly the requested options (images come as links after upload). */
export function collectionData(options: CollectionOptions, values: CollectionValues, imageLinks: string[] = []) {
  const data: Record<string, unknown> = {};
  for (const group of GROUPS) {
    if (!options[group.option]) continue;
    for (const { key } of group.fields) {
      const [head, tail] = key.split('.');
      if (tail) data[head] = { ...(data[head] as object), [tail]: valueOf(key, values[key]) };
      else data[head] = valueOf(key, values[key]);
    }
  }
  if (options.personalImages) data.image_upload = imageLinks;
  return data as CollectionData;
}

// the checker's words after a field's name, each a sentence of its own in the catalogs (numbers
// and choices taken from the checker's words, so a changed limit still shows right)
const DETAILS: [RegExp, string][] = [
  [/^must be a string$/, msg('{{field}} must be text.')],
  [/^must not start or end with spaces$/, msg('{{field}} must not start or end with spaces.')],
  [/^must be (?<min>\d+) to (?<max>\d+) characters$/, msg('{{field}} must be {{min}} to {{max}} characters.')],
  [
    /^must be a whole number from (?<min>\d+) to (?<max>\d+)$/,
    msg('{{field}} must be a whole number from {{min}} to {{max}}.'),
  ],
  [
    /^must be in international form/,
    msg('{{field}} must be in international form: + and 8 to 15 digits, e.g. +44 20 7946 0018.'),
  ],
  [/^must be an e-mail address$/, msg('{{field}} must be an e-mail address.')],
  [/^must be one of: (?<choices>.+)$/, msg('{{field}} must be one of: {{choices}}.')],
  [/^must be a whole number of steps$/, msg('{{field}} must be a whole number of steps.')],
  [/^must be whole beats per minute$/, msg('{{field}} must be whole beats per minute.')],
  [
    /^must be a number of hours from (?<min>\d+) to (?<max>\d+)$/,
    msg('{{field}} must be a number of hours from {{min}} to {{max}}.'),
  ],
  [/^must be the last 4 characters/, msg('{{field}} must be the last 4 characters of the document number.')],
];

/** A checker's problem with a field, in the participant's language (English words it does not know). */
export function problemText(field: string, detail: string, t: Translate): string {
  for (const [pattern, key] of DETAILS) {
    const match = pattern.exec(detail);
    if (!match) continue;
    const vars: Record<string, string | number> = { field };
    for (const [name, value] of Object.entries(match.groups ?? {})) {
      vars[name] =
        name === 'choices'
          ? value
              .split(', ')
              .map((c) => t(c))
              .join(', ')
          : Number(value);
    }
    return t(key, vars);
  }
  return `${field} ${detail}.`;
}

/**
 * Problems by field key, from the documented checker (checkCollectionData). The image links do not
 * exist before upload: images are checked here by count (type and size when picked).
 */
export function checkCollection(
  options: CollectionOptions,
  values: CollectionValues,
  images: PickedImage[],
  t: Translate = english,
) {
  const problems: Record<string, string> = {};
  const withoutImages = { ...options, personalImages: false };
  for (const problem of checkCollectionData(collectionData(withoutImages, values), withoutImages)) {
    const key = problem.split(' ')[0];
    const field = GROUPS.flatMap((g) => g.fields).find((f) => f.key === key);
    const empty = (values[key] ?? '').trim() === '';
    problems[key] ??= !field
      ? problem
      : empty
        ? t('{{field}} is needed.', { field: t(field.label) })
        : problemText(t(field.label), problem.slice(key.length + 1), t);
  }
  if (options.personalImages && (images.length < 1 || images.length > MAX_RESPONSE_IMAGES)) {
    problems.images = t('Add 1 to {{max}} images.', { max: MAX_RESPONSE_IMAGES });
  }
  return problems;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ImagePicker({
  images,
  problem,
  pickProblems,
  onPick,
  onRemove,
}: {
  images: PickedImage[];
  problem?: string;
  pickProblems: string[];
  onPick: (files: File[]) => void;
  onRemove: (index: number) => void;
}) {
  const t = useT();
  return (
    <Section title={t('Personal images')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(
          '1 to {{max}} photos (JPEG, PNG, WebP or GIF, up to 5 MB each). They are encrypted on this device before upload.',
          { max: MAX_RESPONSE_IMAGES },
        )}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 1 }}>
        {images.map((image, i) => (
          <Box
            key={image.previewUrl}
            sx={{ position: 'relative', aspectRatio: '1', borderRadius: 1, overflow: 'hidden', bgcolor: '#eee' }}
          >
            <Box
              component="img"
              src={image.previewUrl}
              alt={t('Image {{n}}: {{name}}', { n: i + 1, name: image.name })}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
            <IconButton
              size="small"
              aria-label={t('Remove image {{n}}', { n: i + 1 })}
              onClick={() => onRemove(i)}
              sx={{
                position: 'absolute',
                top: 2,
                right: 2,
                bgcolor: 'rgba(0,0,0,.55)',
                color: '#fff',
                '&:hover': { bgcolor: 'rgba(0,0,0,.7)' },
              }}
            >
              <Close fontSize="small" />
            </IconButton>
          </Box>
        ))}
        {images.length < MAX_RESPONSE_IMAGES ? (
          <Button
            component="label"
            variant="outlined"
            color={problem ? 'error' : 'primary'}
            sx={{ aspectRatio: '1', flexDirection: 'column', gap: 0.5, fontSize: '0.75rem' }}
          >
            <AddPhotoAlternate />
            {t('Add image')}
            <input
              hidden
              type="file"
              aria-label={t('Add images')}
              accept="image/jpeg,image/png,image/webp,image/gif"
              multiple
              onChange={(e) => {
                onPick(Array.from(e.target.files ?? []));
                e.target.value = '';
              }}
            />
          </Button>
        ) : null}
      </Box>
      {problem ? (
        <Typography variant="caption" color="error" component="p" sx={{ mt: 0.5 }}>
          {problem}
        </Typography>
      ) : null}
      {pickProblems.map((p) => (
        <Alert key={p} severity="warning" sx={{ mt: 1 }}>
          {p}
        </Alert>
      ))}
    </Section>
  );
}

/** Adds what could be read from `files` (up to the limit); problems for the rest. */
export async function pickImages(current: PickedImage[], files: File[], t: Translate = english) {
  const picked = [...current];
  const problems: string[] = [];
  for (const file of files) {
    if (picked.length >= MAX_RESPONSE_IMAGES) {
      problems.push(t('At most {{max}} images: {{name}} was left out.', { max: MAX_RESPONSE_IMAGES, name: file.name }));
      continue;
    }
    const read = await readImage(file, t);
    if (typeof read === 'string') problems.push(read);
    else picked.push(read);
  }
  return { picked, problems };
}

// Exactly the fields the request asks for, grouped as docs/collection-response.md lists them.
export function CollectionFields({
  options,
  values,
  problems,
  images,
  pickProblems,
  onChange,
  onPick,
  onRemoveImage,
}: {
  options: CollectionOptions;
  values: CollectionValues;
  problems: Record<string, string>;
  images: PickedImage[];
  pickProblems: string[];
  onChange: (key: string, value: string) => void;
  onPick: (files: File[]) => void;
  onRemoveImage: (index: number) => void;
}) {
  const t = useT();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {GROUPS.filter((g) => options[g.option]).map((group) => (
        <Section key={group.option} title={t(group.title)}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 0.5 }}>
            {group.fields.map((f) => (
              <TextField
                key={f.key}
                label={t(f.label)}
                select={Boolean(f.choices)}
                type={f.type === 'number' ? 'text' : (f.type ?? 'text')}
                value={values[f.key] ?? ''}
                onChange={(e) => onChange(f.key, e.target.value)}
                error={Boolean(problems[f.key])}
                helperText={problems[f.key] ?? (f.help ? t(f.help) : ' ')}
                autoComplete={f.autoComplete ?? 'off'}
                slotProps={{ htmlInput: f.inputMode ? { inputMode: f.inputMode } : {} }}
                fullWidth
              >
                {f.choices?.map((c) => (
                  <MenuItem key={c} value={c}>
                    {CHOICES.includes(c) ? t(c) : c}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Box>
        </Section>
      ))}
      {options.personalImages ? (
        <ImagePicker
          images={images}
          problem={problems.images}
          pickProblems={pickProblems}
          onPick={onPick}
          onRemove={onRemoveImage}
        />
      ) : null}
    </Box>
  );
}
