export { ReleasesPage } from './components/ReleasesPage';
