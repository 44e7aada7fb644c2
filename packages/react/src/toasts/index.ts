export { Toaster } from './Toaster';
