// The auth feature's door: what pages, the app and other features may use of it.
export { authErrorText, resetPassword } from './api';
export { ChangePasswordCard } from './change-password-card';
export { ForgotPasswordForm } from './forgot-password-form';
export { RequireAuth } from './require-auth';
export { SessionsCard } from './sessions-card';
export { SignInForm } from './sign-in-form';
export { SignUpForm } from './sign-up-form';
export { UnverifiedEmailBanner } from './unverified-email-banner';
export { VerifyEmailForm } from './verify-email-form';
