import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { FormikProps } from 'formik';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { REVIEW_DAYS, type StepErrors, type WizardValues } from '../request-form';

type Props = {
  form: FormikProps<WizardValues>;
  errors: StepErrors;
  // responses arrived: they were given on these terms, so the mode cannot change any more
  locked: boolean;
};

// Summary step, both wizards: when participants are paid (CLARIFICATIONS "Participant payouts").
export function PayoutModeFields({ form, errors, locked }: Props) {
  const { values } = form;
  return (
    // two cells of the Summary grid: the choice, then (after review) its deadline
    <Box sx={{ display: 'contents' }}>
      <FormControl disabled={locked} margin="dense" sx={{ mt: 2 }}>
        <FormLabel id="pay-participants">Pay participants</FormLabel>
        <RadioGroup
          aria-labelledby="pay-participants"
          row
          value={values.payAfterReview ? 'review' : 'submission'}
          onChange={(event) => void form.setFieldValue('payAfterReview', event.target.value === 'review')}
        >
          <FormControlLabel value="submission" control={<Radio />} label="On submission" />
          <FormControlLabel value="review" control={<Radio />} label="After my review" />
        </RadioGroup>
        <FormHelperText>
          {locked
            ? 'Responses arrived on these terms, so this cannot change.'
            : values.payAfterReview
              ? 'You approve or reject each response first; a rejected one is not paid and frees its place.'
              : 'Each accepted response is paid at once.'}
        </FormHelperText>
      </FormControl>
      {values.payAfterReview ? (
        <FormTextField
          id="request-reviewDays"
          name="reviewDays"
          label="Review deadline (days)"
          value={values.reviewDays}
          onChange={form.handleChange}
          error={Boolean(errors.reviewDays)}
          required
          sx={{ mt: { sm: 2 } }}
          helperText={`${REVIEW_DAYS.min} to ${REVIEW_DAYS.max}. Responses you have not decided by then are approved and paid.`}
          inputProps={{ inputMode: 'numeric', maxLength: 2 }}
        />
      ) : null}
    </Box>
  );
}
