import Person from '@mui/icons-material/Person';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from '../../../shared/forms/use-form';
import type { SessionUser } from '../../../shared/session/use-session-user';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { IconCard } from '../../../shared/ui/icon-card';
import { MessageDialog } from '../../../shared/ui/message-dialog';
import { useSaveProfile } from '../hooks/use-save-profile';
import { validateProfile, type ProfileValues } from '../profile-validation';
import { AvatarPicker } from './avatar-picker';

export const SAVE_PROFILE_FAILED = 'Save Profile Failed';
export const PASSWORD_CHANGED =
  'Your profile has been saved. Your password was changed: your other sessions have ended and all your API tokens have been revoked.';

type Failure = { message: string; saved: string[] };

export function ProfileForm({ user }: { user: SessionUser }) {
  const saveProfile = useSaveProfile();
  const [avatar, setAvatar] = useState<{ file: File | null; error: string | null }>({ file: null, error: null });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const form = useForm<ProfileValues>({
    initialValues: { nickname: user.nickname, oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: validateProfile,
    onSubmit: async (values, helpers) => {
      setNotice(null);
      const outcome = await saveProfile({ values, currentNickname: user.nickname, avatar: avatar.file });
      if (outcome.saved.includes('picture')) setAvatar({ file: null, error: null });
      if (!outcome.ok) {
        helpers.setErrors(outcome.fields);
        setFailure({ message: outcome.message, saved: outcome.saved });
        return;
      }
      helpers.reset({ nickname: values.nickname.trim(), oldPassword: '', newPassword: '', confirmPassword: '' });
      setNotice(
        outcome.saved.includes('password')
          ? PASSWORD_CHANGED
          : outcome.saved.length > 0
            ? 'Your profile has been saved.'
            : 'Nothing changed, so there was nothing to save.',
      );
    },
  });

  return (
    <IconCard
      icon={Person}
      color="rose"
      title="Edit Profile"
      subtitle={`Signed in as ${user.username} (${user.email})`}
      id="edit-profile"
    >
      <Box component="form" noValidate onSubmit={form.handleSubmit} aria-label="Edit profile">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 3, alignItems: 'start' }}>
          <AvatarPicker
            currentUrl={user.avatarUrl}
            nickname={form.values.nickname || user.nickname}
            file={avatar.file}
            error={avatar.error}
            onChange={(file, error) => setAvatar({ file, error })}
          />
          <Box>
            <FormTextField
              id="profile-nickname"
              label="Nickname"
              required
              autoComplete="nickname"
              {...form.field('nickname')}
            />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2, color: 'text.secondary' }}>
              Change password (optional)
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, columnGap: 2 }}>
              <FormTextField
                id="profile-old-password"
                label="Old password"
                type="password"
                autoComplete="current-password"
                {...form.field('oldPassword')}
              />
              <FormTextField
                id="profile-new-password"
                label="New password"
                type="password"
                autoComplete="new-password"
                {...form.field('newPassword', '6+ letters and digits')}
              />
              <FormTextField
                id="profile-confirm-password"
                label="Confirm password"
                type="password"
                autoComplete="new-password"
                {...form.field('confirmPassword')}
              />
            </Box>
          </Box>
        </Box>
        {notice ? (
          <Alert severity="success" sx={{ mt: 2 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            color="secondary"
            disabled={form.isSubmitting}
            startIcon={form.isSubmitting ? <CircularProgress size={16} color="inherit" /> : <Save />}
          >
            Save
          </Button>
        </Box>
      </Box>
      <MessageDialog
        open={failure !== null}
        severity="danger"
        title={SAVE_PROFILE_FAILED}
        message={failure?.message ?? ''}
        onConfirm={() => setFailure(null)}
      >
        {failure && failure.saved.length > 0 ? (
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            Saved before the failure: {failure.saved.join(', ')}.
          </Typography>
        ) : null}
      </MessageDialog>
    </IconCard>
  );
}
