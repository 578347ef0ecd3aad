export { CampaignReviewPage } from './components/CampaignReviewPage';
