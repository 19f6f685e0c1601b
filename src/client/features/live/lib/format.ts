/** The evening's day and hours, and whether it is on tonight: shared by every host screen (@client/lib/format). */
export { formatWhen, isTonight } from '@client/lib/format';
