export { KycQueuePage } from './components/KycQueuePage';
