export const PRODUCT_NAME = 'K&B Marine';
