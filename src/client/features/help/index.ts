// The help feature's door: the Help Center for its page, and the links other screens make to its answers.
export { HelpCenter } from './help-center';
export { HelpLink } from './help-link';
export { helpPath, type HelpTopicId } from './help-topics';
