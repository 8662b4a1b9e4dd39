// The sms feature's door: Settings' card for the mobile number texts go to.
export { MobileNumberCard } from './mobile-number-card';
