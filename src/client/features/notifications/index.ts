// The notifications feature's door: the header's bell, the list page's content, the settings card and
// the unsubscribe page's panel.
export { NotificationBell } from './notification-bell';
export { NotificationList } from './notification-list';
export { NotificationPreferencesCard } from './notification-preferences-card';
export { UnsubscribePanel } from './unsubscribe-panel';
