import CheckCircle from '@mui/icons-material/CheckCircle';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { randomBytes } from '../../../crypto/bytes';
import { DATA_KEY_BYTES, sealCollectionResponse, type CollectionData } from '../../../crypto/collection-response';
import { formatDateTime } from '../../../shared/ui/format-date';
import {
  PhoneApiError,
  phoneApi,
  type Accepted,
  type EndUserData,
  type Fieldwork,
  type Submitted,
} from '../api/phone-api';
import { deviceId, rememberAnswer } from '../participant-storage';
import { useParticipantWallet } from '../wallet/use-participant-wallet';
import { WalletSetup } from '../wallet/wallet-setup';
import { WalletSummary } from '../wallet/wallet-summary';
import {
  checkCollection,
  CollectionFields,
  collectionData,
  pickImages,
  type CollectionValues,
} from './collection-form';
import { uploadEncryptedImages, type PickedImage } from './image-upload';
import { ConsentSummary } from './consent-summary';
import { Panel } from './light-ui';
import { PayoutStatus } from './payout-status';
import { checkSurvey, personalAnswers, SurveyFields, surveyAnswers, type SurveyValues } from './survey-form';
import { useT } from '../i18n/i18n';

// The answering part of the request page, loaded after the request is on screen: the form, the
// wallet, encryption and upload, then the answer's state.
export function Done({ request, submitted }: { request: EndUserData; submitted: Submitted | Accepted }) {
  const t = useT();
  const at = 'created' in submitted ? submitted.created : submitted.submittedAt;
  return (
    <Panel>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <CheckCircle color="success" sx={{ fontSize: 36 }} aria-hidden />
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 400 }}>
            {t('Thank you: your answer was received')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {at ? `${t('Sent {{at}}.', { at: formatDateTime(at) })} ` : ''}
            {t(request.bonus_each === 1 ? '{{count}} IPT goes to your wallet.' : '{{count}} IPT go to your wallet.', {
              count: request.bonus_each,
            })}
          </Typography>
          <PayoutStatus payout={submitted.payout} />
          <Button component={RouterLink} to="/p/answers" variant="outlined" sx={{ mt: 2 }}>
            {t('My answers')}
          </Button>
        </Box>
      </Box>
    </Panel>
  );
}

/** An answer that ended without a paid place: screened out, or a full quota. Said kindly. */
export function Ended({ answer }: { answer: Accepted }) {
  const t = useT();
  const screened = answer.outcome === 'screened_out';
  return (
    <Panel>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }} data-outcome={answer.outcome}>
        <InfoOutlined color="info" sx={{ fontSize: 36 }} aria-hidden />
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 400 }}>
            {t(
              screened ? 'Thank you: this study is looking for someone else' : 'Thank you: this group is already full',
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {answer.message ? t(answer.message) : null}
          </Typography>
          {answer.payout ? (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t(
                  answer.payout.amount === 1
                    ? 'For your time, {{count}} IPT goes to your wallet.'
                    : 'For your time, {{count}} IPT go to your wallet.',
                  { count: answer.payout.amount },
                )}
              </Typography>
              <PayoutStatus payout={answer.payout} />
            </>
          ) : null}
          <Button component={RouterLink} to="/p" variant="outlined" sx={{ mt: 2 }}>
            {t('Other requests')}
          </Button>
        </Box>
      </Box>
    </Panel>
  );
}

/** The survey's attention-check rule, said before the first question (getFieldwork). */
function useFieldwork(request: EndUserData): Fieldwork | null {
  const [fieldwork, setFieldwork] = useState<Fieldwork | null>(null);
  useEffect(() => {
    if (request.type !== 'survey') return;
    let live = true;
    phoneApi
      .fieldwork(request.id)
      .then((f) => live && setFieldwork(f))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [request.id, request.type]);
  return fieldwork;
}

export function AnswerForm({ request, onDone }: { request: EndUserData; onDone: (accepted: Accepted) => void }) {
  const t = useT();
  const wallet = useParticipantWallet();
  const fieldwork = useFieldwork(request);
  // the time taken goes with the answers: the requester sees answers far faster than the median
  const [startedAt] = useState(() => Date.now());
  const [survey, setSurvey] = useState<SurveyValues>({});
  const [values, setValues] = useState<CollectionValues>({});
  const [images, setImages] = useState<PickedImage[]>([]);
  const [pickProblems, setPickProblems] = useState<string[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = request.options ?? {};
  const questions = request.questions ?? [];

  const recheck = (nextSurvey = survey, nextValues = values, nextImages = images) =>
    request.type === 'survey'
      ? checkSurvey(questions, nextSurvey, t)
      : checkCollection(options, nextValues, nextImages);

  // once everything is fixed, the "needs a look" message goes too
  const showProblems = (found: Record<string, string>) => {
    setProblems(found);
    if (Object.keys(found).length === 0) setError(null);
  };

  const submit = async () => {
    const found = recheck();
    setProblems(found);
    setChecked(true);
    if (Object.keys(found).length > 0) {
      setError(t('Some answers need a look: they are marked below.'));
      return;
    }
    if (!wallet) {
      setError(t('Choose where your bonus goes first: create, paste or connect a wallet below.'));
      return;
    }
    setBusy(true);
    setError(null);
    const device = deviceId();
    try {
      let accepted: Accepted;
      if (request.type === 'survey') {
        const personal = personalAnswers(questions, survey);
        const ids = Object.keys(personal);
        // text, number and date answers are sealed here, like a collection's data: the server
        // stores ciphertext only
        const sealed = ids.length
          ? await sealCollectionResponse(request.id, request.publicKey, { answers: personal } as CollectionData)
          : {};
        accepted = await phoneApi.submitSurvey({
          requestId: request.id,
          deviceId: device,
          walletAddress: wallet.address,
          answers: surveyAnswers(questions, survey),
          durationMs: Math.min(86_400_000, Math.max(0, Date.now() - startedAt)),
          ...(ids.length ? { personal: ids, ...sealed } : {}),
        });
      } else {
        const dataKey = randomBytes(DATA_KEY_BYTES);
        let links: string[] = [];
        if (options.personalImages) {
          setProgress(0);
          links = await uploadEncryptedImages(
            images,
            { requestId: request.id, deviceId: device, dataKey },
            setProgress,
          );
        }
        const sealed = await sealCollectionResponse(
          request.id,
          request.publicKey,
          collectionData(options, values, links),
          dataKey,
        );
        accepted = await phoneApi.submitCollection({
          requestId: request.id,
          deviceId: device,
          walletAddress: wallet.address,
          ...sealed,
        });
      }
      // an answer that ended without a place is not one to withdraw later
      if (accepted.outcome && accepted.outcome !== 'accepted') return onDone(accepted);
      rememberAnswer({
        requestId: request.id,
        title: request.title,
        type: request.type,
        bonusEach: request.bonus_each,
        at: accepted.created,
      });
      onDone(accepted);
    } catch (e) {
      setError(
        e instanceof PhoneApiError
          ? e.status === 409
            ? t('Not accepted: {{message}}', { message: e.message })
            : e.message
          : t('Your answer could not be encrypted in this browser.'),
      );
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('Your answer')}
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <Panel title={t(request.type === 'survey' ? 'Your answers' : 'Your data')}>
        {fieldwork?.attention_rule ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="attention-rule">
            {fieldwork.attention_rule}
          </Alert>
        ) : null}
        {request.type === 'survey' ? (
          <SurveyFields
            questions={questions}
            values={survey}
            problems={problems}
            onChange={(id, v) => {
              const next = { ...survey, [id]: v };
              setSurvey(next);
              if (checked) showProblems(recheck(next));
            }}
          />
        ) : (
          <CollectionFields
            options={options}
            values={values}
            problems={problems}
            images={images}
            pickProblems={pickProblems}
            onChange={(key, v) => {
              const next = { ...values, [key]: v };
              setValues(next);
              if (checked) showProblems(recheck(survey, next));
            }}
            onPick={(files) =>
              void pickImages(images, files).then(({ picked, problems: found }) => {
                setImages(picked);
                setPickProblems(found);
                if (checked) showProblems(recheck(survey, values, picked));
              })
            }
            onRemoveImage={(i) => {
              const next = images.filter((_, j) => j !== i);
              setImages(next);
              if (checked) showProblems(recheck(survey, values, next));
            }}
          />
        )}
      </Panel>
      <Panel title={t('Your bonus goes to')}>{wallet ? <WalletSummary wallet={wallet} /> : <WalletSetup />}</Panel>
      <Panel label={t('Send')}>
        <ConsentSummary requestId={request.id} />
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {progress !== null ? (
          <Box sx={{ mb: 2 }}>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              Uploading encrypted images… {Math.round(progress * 100)}%
            </Typography>
            <LinearProgress variant="determinate" value={progress * 100} aria-label="Image upload" />
          </Box>
        ) : null}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {t(busy ? 'Sending…' : request.type === 'collection' ? 'Encrypt and send' : 'Send my answers')}
        </Button>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, textAlign: 'center' }}>
          {t('You can withdraw your answer later under My answers.')}
        </Typography>
      </Panel>
    </Box>
  );
}

/** The form, or the answer's state once this browser has answered. */
export function AnswerArea({
  request,
  submitted,
  onSent,
}: {
  request: EndUserData;
  submitted: Submitted;
  // the answer was accepted: the page reloads what changed with it (the places left)
  onSent: () => void;
}) {
  const t = useT();
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  if (accepted?.outcome && accepted.outcome !== 'accepted') return <Ended answer={accepted} />;
  if (accepted) return <Done request={request} submitted={accepted} />;
  if (submitted.submitted) return <Done request={request} submitted={submitted} />;
  if (request.remaining === 0)
    return <Alert severity="info">{t('This request has all the answers it can pay for.')}</Alert>;
  return (
    <AnswerForm
      request={request}
      onDone={(answer) => {
        setAccepted(answer);
        onSent();
      }}
    />
  );
}
