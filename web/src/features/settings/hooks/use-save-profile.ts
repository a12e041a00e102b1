import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { ApiTokensDocument } from '../api-tokens.generated';
import { ChangePasswordDocument, UpdateProfileDocument, UploadAvatarDocument } from '../settings.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import type { ProfileErrors, ProfileValues } from '../profile-validation';

export type SaveProfileInput = { values: ProfileValues; currentNickname: string; avatar: File | null };

export type SaveProfileOutcome =
  | { ok: true; saved: string[] }
  // `saved` lists what did go through before the failure, so the message can say so.
  | { ok: false; saved: string[]; message: string; fields: ProfileErrors };

// Runs the changes the form holds, in order: picture, nickname, password. Only what changed is
// sent; the password only when a new one was entered.
export function useSaveProfile() {
  const [uploadAvatar] = useMutation(UploadAvatarDocument);
  const [updateProfile] = useMutation(UpdateProfileDocument);
  // the server revokes every API token with the old password: the token list shows it
  const [changePassword] = useMutation(ChangePasswordDocument, { refetchQueries: [ApiTokensDocument] });

  return useCallback(
    async ({ values, currentNickname, avatar }: SaveProfileInput): Promise<SaveProfileOutcome> => {
      const saved: string[] = [];
      const nickname = values.nickname.trim();
      try {
        if (avatar) {
          await uploadAvatar({ variables: { file: avatar } });
          saved.push('picture');
        }
        if (nickname !== currentNickname) {
          await updateProfile({ variables: { input: { nickname } } });
          saved.push('nickname');
        }
        if (values.newPassword) {
          await changePassword({
            variables: {
              input: {
                oldPassword: values.oldPassword,
                newPassword: values.newPassword,
                confirmPassword: values.confirmPassword,
              },
            },
          });
          saved.push('password');
        }
        return { ok: true, saved };
      } catch (error) {
        const apiError = toApiError(error);
        const fields: ProfileErrors = {};
        for (const key of ['nickname', 'oldPassword', 'newPassword', 'confirmPassword'] as const) {
          if (apiError.fields[key]) fields[key] = apiError.fields[key];
        }
        return { ok: false, saved, message: apiError.message, fields };
      }
    },
    [uploadAvatar, updateProfile, changePassword],
  );
}
