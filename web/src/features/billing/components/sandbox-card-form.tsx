import CreditCard from '@mui/icons-material/CreditCard';
import Science from '@mui/icons-material/Science';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import type { TestCard } from '../../../shared/config/runtime-config';
import { useForm } from '../../../shared/forms/use-form';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { digitsOnly, formatCardNumber, formatExpiry, validateCard, type CardValues } from '../card-validation';

type Props = {
  testCards: TestCard[];
  payLabel: string;
  paying: boolean;
  // Problems the server found per field (cardNumber, expiry, cvc).
  serverErrors: Record<string, string>;
  onPay: (card: CardValues) => Promise<void>;
  // Pay was pressed (before the form is checked)
  onAttempt: () => void;
  // Shown under the Pay button (the last attempt's outcome).
  feedback?: ReactNode;
};

// The server's built-in test mode: a plain card form, labelled as test mode, that accepts only the
// documented test cards (listed here, straight from the runtime config). No real card is charged.
export function SandboxCardForm({ testCards, payLabel, paying, serverErrors, onPay, onAttempt, feedback }: Props) {
  const titleId = useId();
  const form = useForm<CardValues>({
    initialValues: { cardNumber: '', expiry: '', cvc: '' },
    validate: validateCard,
    onSubmit: (values) =>
      onPay({ cardNumber: digitsOnly(values.cardNumber), expiry: values.expiry.trim(), cvc: values.cvc.trim() }),
  });
  const field = (name: keyof CardValues) => {
    const bound = form.field(name);
    const message = form.errors[name] ?? serverErrors[name];
    return { ...bound, error: Boolean(message), helperText: message ?? ' ' };
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        onAttempt();
        form.handleSubmit(event);
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={titleId} component="h2" variant="h6">
          Card details
        </Typography>
        <Chip
          icon={<Science />}
          label="TEST MODE"
          color="warning"
          size="small"
          sx={{ fontWeight: 700, letterSpacing: '.06em', color: '#fff', '& .MuiChip-icon': { color: '#fff' } }}
        />
      </Box>
      <Alert severity="warning" icon={<Science />} role="note" sx={{ mb: 2 }}>
        Test mode: no real card is charged and no real card number works. Use one of the test cards below with any
        future expiry date and any CVC.
      </Alert>
      <FormTextField
        label="Card number"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        shrinkLabel
        inputProps={{ inputMode: 'numeric', maxLength: 23 }}
        {...field('cardNumber')}
        onChange={(event) => form.setValue('cardNumber', formatCardNumber(event.target.value))}
        endAdornment={<CreditCard color="action" aria-hidden />}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 2 }}>
        <FormTextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="12/30"
          shrinkLabel
          inputProps={{ inputMode: 'numeric', maxLength: 5 }}
          {...field('expiry')}
          onChange={(event) => form.setValue('expiry', formatExpiry(event.target.value))}
        />
        <FormTextField
          label="CVC"
          autoComplete="cc-csc"
          placeholder="123"
          shrinkLabel
          inputProps={{ inputMode: 'numeric', maxLength: 4 }}
          {...field('cvc')}
          onChange={(event) => form.setValue('cvc', digitsOnly(event.target.value).slice(0, 4))}
        />
      </Box>
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        size="large"
        fullWidth
        disabled={paying}
        startIcon={paying ? <CircularProgress size={18} color="inherit" /> : null}
        sx={{ mt: 1 }}
      >
        {payLabel}
      </Button>
      {feedback}
      {testCards.length > 0 ? (
        <Box component="section" aria-label="Test cards" sx={{ mt: 3 }}>
          <Typography component="h3" variant="subtitle2" color="text.secondary">
            Test cards
          </Typography>
          <List dense disablePadding>
            {testCards.map((card) => (
              <ListItem
                key={card.number}
                disableGutters
                divider
                secondaryAction={
                  <Button
                    size="small"
                    onClick={() => form.setValue('cardNumber', formatCardNumber(card.number))}
                    aria-label={`Use test card ${formatCardNumber(card.number)}`}
                  >
                    Use
                  </Button>
                }
                sx={{ pr: 7 }}
              >
                <ListItemText
                  primary={
                    <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.92rem' }}>
                      {formatCardNumber(card.number)}
                    </Box>
                  }
                  secondary={`${card.brand}: ${card.outcome === 'succeeds' ? 'succeeds' : `declined, "${card.message ?? 'declined'}"`}`}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      ) : null}
    </Box>
  );
}
