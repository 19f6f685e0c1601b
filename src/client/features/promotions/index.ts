/** Promotional materials: the next evening's flyers as PNGs (/promotions, docs/spec/organiser-tools.md §2.5). */
export { PromotionsScreen } from './components/promotions-screen';
