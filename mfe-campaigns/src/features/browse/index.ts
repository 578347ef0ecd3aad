export { BrowsePage } from './components/BrowsePage';
