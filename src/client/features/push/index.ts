// The push feature's door: Settings' 'This device' card, whether this browser can have push (for the
// preferences' push column), and the home-screen hint shown after a booking and on the workspace.
export { DevicePushCard } from './device-push-card';
export { HomeScreenHint } from './home-screen-hint';
export { canPush } from './push-support';
export { usePushSupport } from './use-push-support';
