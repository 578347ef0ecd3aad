export { FeedPage } from './components/FeedPage';
