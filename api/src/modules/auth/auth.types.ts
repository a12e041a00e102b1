import { Field, InputType, ObjectType } from 'type-graphql';
import { Profile } from '../users/users.types';

@InputType()
export class RegisterInput {
  @Field(() => String)
  username!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String, { description: 'letters and digits, at least 6' })
  password!: string;

  @Field(() => String, {
    nullable: true,
    description: 'the invite parameter of a room invitation link: the account needs no e-mail verification',
  })
  invite?: string | null;
}

@ObjectType()
export class RegisterResult {
  @Field(() => Boolean, { description: 'true: no e-mail verification needed (invited guest)' })
  guest!: boolean;

  @Field(() => Profile)
  user!: Profile;
}

@InputType()
export class LoginInput {
  @Field(() => String, { description: 'username or e-mail address' })
  username!: string;

  @Field(() => String)
  password!: string;
}

@InputType()
export class ChangePasswordInput {
  @Field(() => String)
  oldPassword!: string;

  @Field(() => String)
  newPassword!: string;

  @Field(() => String)
  confirmPassword!: string;
}

@ObjectType()
export class AuthStatus {
  @Field(() => Boolean)
  loggedIn!: boolean;

  @Field(() => Profile, { nullable: true })
  user!: Profile | null;
}
