// The expert-application feature's door: what pages, the app and other features may use of it.
export { useMyApplication } from './api';
export { ApplicationForm } from './application-form';
export { ApplicationStatusCard } from './application-status-card';
export { ApplicationSubmitted } from './application-submitted';
export { BenefitBlurbs } from './benefit-blurbs';
