// The video-call feature's door: its routes.
export { videoCallRoutes } from './routes.js';
