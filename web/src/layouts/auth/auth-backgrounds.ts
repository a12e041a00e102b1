import error from '../../assets/backgrounds/error.svg';
import lock from '../../assets/backgrounds/lock.svg';
import login from '../../assets/backgrounds/login.svg';
import pricing from '../../assets/backgrounds/pricing.svg';
import register from '../../assets/backgrounds/register.svg';
import verify from '../../assets/backgrounds/verify.svg';
import type { RouteHandle } from '../../shared/hooks/use-route-handle';

export type AuthBackground = NonNullable<RouteHandle['authBackground']>;

// Our own artwork (web/src/assets/backgrounds); nothing is fetched from elsewhere.
export const AUTH_BACKGROUNDS: Record<AuthBackground, string> = { login, register, lock, error, pricing, verify };
