import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@apollo/client/react';
import { useFormik } from 'formik';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { RequestKind } from '../../../gql/types';
import { WizardCreditBalanceDocument, type RequestWizard_RequestFragment } from '../requests.generated';
import { MessageDialog } from '../../../shared/ui/message-dialog';
import { useSaveRequest, type SaveFailure } from '../hooks/use-save-request';
import {
  initialWizardValues,
  STEP_PROBLEMS,
  validateStep,
  wizardValuesOf,
  WIZARD_STEPS,
  WIZARD_TITLES,
  wholeIpt,
  type StepName,
  type WizardValues,
} from '../request-form';
import { lazyPart, usePreloadWhenIdle } from '../../../shared/ui/lazy-part';
import { SummaryStep } from './summary-step';
import { WizardStepper } from './wizard-stepper';

// The steps after the first load after the wizard's first render (in the background, so a click
// on Next does not wait for them).
const OptionsStep = lazyPart(async () => (await import('./options-step')).OptionsStep, {
  label: 'Loading the options…',
  minHeight: 240,
});
const SurveyDesigner = lazyPart(async () => (await import('./survey-designer')).SurveyDesigner, {
  label: 'Loading the survey designer…',
  minHeight: 240,
});
const PreviewStep = lazyPart(async () => (await import('./preview-step')).PreviewStep, {
  label: 'Loading the preview…',
  minHeight: 240,
});

type Props = {
  type: RequestKind;
  // the request being edited; null when creating
  existing: RequestWizard_RequestFragment | null;
  keys: { id: string; title: string }[] | null;
};

// the escrow's address with its copy button, in the dialog after publishing (the wizard's initial JS
// is at its budget)
const CopyableValue = lazy(async () => ({
  default: (await import('../../../shared/ui/copyable-value')).CopyableValue,
}));

const STEP_HINTS: Record<StepName, string> = {
  summary: 'What you ask for, and the IPT tokens you pay for it.',
  options: 'The personal data participants share with you.',
  design: 'The questions participants answer. Click a question to edit it.',
  preview: 'Check everything before you finish.',
};

// The three-step wizard of both request types (spec s.2 and s.4): forward moves validate the
// current step, jumping ahead validates every step passed, going back is always allowed, and
// Finish turns into a spinner and submits once.
export function RequestWizard({ type, existing, keys }: Props) {
  const navigate = useNavigate();
  usePreloadWhenIdle(OptionsStep, SurveyDesigner, PreviewStep);
  const steps = WIZARD_STEPS[type];
  const [active, setActive] = useState(0);
  // steps that were checked once: their errors then follow every change
  const [checked, setChecked] = useState<ReadonlySet<StepName>>(new Set());
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  // what Finish saved, with the dialog title chosen then (the edited request updates in the cache)
  const [saved, setSaved] = useState<{
    request: RequestWizard_RequestFragment;
    title: string;
    retentionFailed?: string;
  } | null>(null);
  const submitted = useRef(false);
  const save = useSaveRequest(type, existing);
  // offered on the Preview step; read afresh, as a purchase in another tab changes it
  const credit = useQuery(WizardCreditBalanceDocument, { fetchPolicy: 'network-only' });
  const wide = useMediaQuery('(min-width:600px)', { noSsr: true });
  const form = useFormik<WizardValues>({
    initialValues: existing ? wizardValuesOf(existing) : initialWizardValues(),
    onSubmit: () => undefined,
  });

  const editing = existing !== null;
  const published = existing?.status === 1;
  const locked = (existing?.responseCount ?? 0) > 0;
  const step = steps[active];
  const errors = checked.has(step.name) ? validateStep(step.name, form.values, published) : {};
  // the alert below the form, also read with the button that goes on (it says what stops it)
  const problemsId = Object.keys(errors).length > 0 ? 'wizard-problems' : undefined;

  // Checks steps from..to-1 in order; stops on (and shows) the first one that fails.
  const passes = (from: number, to: number): boolean => {
    for (let i = from; i < to; i += 1) {
      const name = steps[i].name;
      setChecked((current) => new Set(current).add(name));
      if (Object.keys(validateStep(name, form.values, published)).length > 0) {
        setActive(i);
        return false;
      }
    }
    return true;
  };
  const goTo = (target: number) => {
    if (target <= active || passes(active, target)) setActive(target);
  };

  const finish = async () => {
    // Only the first click submits (spec s.4); a failure lets the user try again.
    if (submitted.current) return;
    if (!passes(0, steps.length)) return;
    submitted.current = true;
    setSubmitting(true);
    const result = await save(form.values);
    if (result.ok) {
      const title = published ? 'Request saved' : result.request.status === 1 ? 'Request published' : 'Draft saved';
      setSaved({ request: result.request, title, retentionFailed: result.retentionFailed });
      return;
    }
    submitted.current = false;
    setSubmitting(false);
    setFailure(result.failure);
  };

  const keyTitle = keys?.find((key) => key.id === form.values.keyId)?.title ?? null;
  const topUp = published && existing ? (wholeIpt(form.values.bonusAmount) ?? 0) - existing.bonusAmount : 0;
  const last = active === steps.length - 1;

  return (
    <Box component="section" aria-labelledby="wizard-title" sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography id="wizard-title" variant="h4" component="h1" sx={{ fontWeight: 300, mt: 1, textAlign: 'center' }}>
        {WIZARD_TITLES[type]}
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 0.5 }}>
        {editing ? `Editing “${existing.title}” (${published ? 'published' : 'draft'})` : STEP_HINTS[step.name]}
      </Typography>
      <Card sx={{ mt: 3 }}>
        {/* a tablist of step tabs, as MUI's non-linear Stepper */}
        <WizardStepper
          steps={steps}
          active={active}
          alternativeLabel={wide}
          disabled={submitting}
          onSelect={goTo}
          sx={{ px: { xs: 1, sm: 2 }, pt: 3, pb: 1 }}
        />
        <CardContent
          component="form"
          noValidate
          aria-label={steps[active].label}
          onSubmit={(event) => {
            event.preventDefault();
            if (last) void finish();
            else goTo(active + 1);
          }}
          sx={{ px: { xs: 2, sm: 4 } }}
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 400, mb: 1 }}>
            {step.label}
          </Typography>
          {step.name === 'summary' ? (
            <SummaryStep
              form={form}
              errors={errors}
              keys={keys}
              editing={editing}
              published={published}
              locked={locked}
            />
          ) : null}
          {step.name === 'options' ? <OptionsStep form={form} errors={errors} locked={locked} /> : null}
          {step.name === 'design' ? (
            <SurveyDesigner
              questions={form.values.questions}
              onChange={(questions) => void form.setFieldValue('questions', questions)}
              invalid={Boolean(errors.questions)}
              locked={locked}
              survey={form.values}
              onSurvey={(changes) => void form.setValues((values) => ({ ...values, ...changes }))}
            />
          ) : null}
          {step.name === 'preview' ? (
            <PreviewStep
              type={type}
              form={form}
              keyTitle={keyTitle}
              published={published}
              credit={credit.data?.creditBalance ?? null}
              errors={errors}
            />
          ) : null}
          {step.name === 'preview' && topUp > 0 ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              Total IPTs went up by {topUp}:{' '}
              {existing?.funding === 'CREDIT'
                ? `up to ${topUp} IPT of your prepaid credit go`
                : `your wallet moves ${topUp} IPT`}{' '}
              into the request&apos;s escrow before it is saved.
            </Alert>
          ) : null}
          {problemsId ? (
            // the marked fields carry no text (spec s.5): the alert, announced as it appears and as
            // it changes, names each one and says how to fix it
            <Alert severity="error" id={problemsId} sx={{ mt: 2 }}>
              Please check the marked fields:
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {(Object.keys(errors) as (keyof typeof errors)[]).map((field) => (
                  <li key={field}>{STEP_PROBLEMS[field]}</li>
                ))}
              </Box>
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3 }}>
            <Button
              variant="outlined"
              startIcon={<ArrowBack />}
              onClick={() => setActive(active - 1)}
              disabled={active === 0 || submitting}
            >
              Previous
            </Button>
            {last ? (
              <Button
                type="submit"
                variant="contained"
                disabled={submitting}
                aria-busy={submitting || undefined}
                aria-describedby={problemsId}
                sx={{ minWidth: 120 }}
              >
                {submitting ? <CircularProgress size={24} color="inherit" aria-label="Saving the request" /> : 'Finish'}
              </Button>
            ) : (
              <Button type="submit" variant="contained" endIcon={<ArrowForward />} aria-describedby={problemsId}>
                Next
              </Button>
            )}
          </Box>
        </CardContent>
      </Card>
      <MessageDialog
        open={failure !== null}
        severity="danger"
        title={failure?.title ?? ''}
        message={failure?.message ?? ''}
        onConfirm={() => setFailure(null)}
        actions={
          failure?.purchase ? (
            <Button component={RouterLink} to="/auth/pricing-page" variant="contained">
              Purchase IPT Tokens
            </Button>
          ) : undefined
        }
      />
      <MessageDialog
        open={saved !== null}
        severity="success"
        title={saved?.title ?? ''}
        message={
          saved?.request.status === 1 ? (
            <>
              “{saved.request.title}” is open to participants, with its bonus held in escrow
              {saved.request.escrowAddress ? (
                <>
                  {' '}
                  <Suspense fallback={saved.request.escrowAddress}>
                    <CopyableValue value={saved.request.escrowAddress} label="escrow address" />
                  </Suspense>
                </>
              ) : (
                '.'
              )}
              {saved.retentionFailed ? ` ${saved.retentionFailed}` : null}
            </>
          ) : (
            `“${saved?.request.title ?? ''}” is saved as a draft. Publish it when you are ready.`
          )
        }
        onConfirm={() => navigate(`/admin/request/${type}/list`)}
      />
    </Box>
  );
}
