// The static pages, one chunk loaded on first visit to any of them.
export { AboutPage, PrivacyPage, TermsPage, WhitePaperPage } from './pages';
export { ContactPage } from './ContactPage';
export { FaqPage } from './FaqPage';
