// The video-call feature's door: its routes, and a call's real length (what a Help now call is billed by).
export { videoCallRoutes } from './routes.js';
export { callLengthMs, recordTogether } from './call-times.js';
