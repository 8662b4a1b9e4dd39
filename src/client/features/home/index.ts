// The home feature's door: what pages, the app and other features may use of it.
export { Hero } from './hero';
export { QuickActions } from './quick-actions';
export { StatsStrip } from './stats-strip';
