import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { ApiTokensDocument, CreateApiTokenDocument } from '../api-tokens.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { useForm } from '../../../shared/forms/use-form';
import { FormTextField } from '../../../shared/ui/form-text-field';

type Values = { name: string };

const validate = ({ name }: Values) => {
  if (!name.trim()) return { name: 'Name is required' };
  if (name.trim().length > 100) return { name: 'Name must be at most 100 characters' };
  return {};
};

// Names a new token and shows its secret once: the server keeps only a hash of it.
export function CreateApiTokenForm() {
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [createToken] = useMutation(CreateApiTokenDocument, { refetchQueries: [ApiTokensDocument] });
  const form = useForm<Values>({
    initialValues: { name: '' },
    validate,
    onSubmit: async (values, helpers) => {
      setCreated(null);
      try {
        const { data } = await createToken({ variables: { input: { name: values.name.trim() } } });
        if (data) setCreated({ name: data.createApiToken.apiToken.name, token: data.createApiToken.token });
        helpers.reset({ name: '' });
      } catch (failure) {
        helpers.setErrors({ name: toApiError(failure).message });
      }
    },
  });

  return (
    <>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit}
        aria-label="Create an API token"
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <FormTextField id="api-token-name" label="Token name" size="small" {...form.field('name')} />
        <Button
          type="submit"
          variant="outlined"
          disabled={form.isSubmitting}
          startIcon={form.isSubmitting ? <CircularProgress size={16} color="inherit" /> : <Add />}
          sx={{ mt: 1.5 }}
        >
          Create token
        </Button>
      </Box>
      {created ? (
        <Alert severity="success" onClose={() => setCreated(null)} sx={{ mt: 1, wordBreak: 'break-all' }}>
          Token “{created.name}” created. Copy it now: it is shown only this once.
          <Box component="code" sx={{ display: 'block', mt: 1, fontSize: '0.85rem' }} aria-label="New API token">
            {created.token}
          </Box>
        </Alert>
      ) : null}
    </>
  );
}
