import { Field, InputType, ObjectType } from 'type-graphql';
import { Profile } from '../users/users.types';

@InputType({ description: 'A new account' })
export class RegisterInput {
  @Field(() => String, { description: 'letters and digits, unique' })
  username!: string;

  @Field(() => String, { description: 'an address to verify' })
  email!: string;

  @Field(() => String, { description: 'letters and digits, at least 6' })
  password!: string;

  @Field(() => String, {
    nullable: true,
    description: 'the invite parameter of a room invitation link: the account needs no e-mail verification',
  })
  invite?: string | null;
}

@ObjectType({ description: 'The new account' })
export class RegisterResult {
  @Field(() => Boolean, { description: 'true: no e-mail verification needed (invited guest)' })
  guest!: boolean;

  @Field(() => Profile, { description: 'the account made' })
  user!: Profile;
}

@InputType({ description: 'Credentials for a session' })
export class LoginInput {
  @Field(() => String, { description: 'username or e-mail address' })
  username!: string;

  @Field(() => String, { description: 'the password' })
  password!: string;
}

@InputType({ description: 'A password change (other sessions and API tokens are revoked)' })
export class ChangePasswordInput {
  @Field(() => String, { description: 'the current password' })
  oldPassword!: string;

  @Field(() => String, { description: 'letters and digits, at least 6' })
  newPassword!: string;

  @Field(() => String, { description: 'the new password again' })
  confirmPassword!: string;
}

@ObjectType({ description: 'Whether a session is valid, and whose' })
export class AuthStatus {
  @Field(() => Boolean, { description: 'the session is valid' })
  loggedIn!: boolean;

  @Field(() => Profile, { nullable: true, description: 'whose session it is' })
  user!: Profile | null;
}
