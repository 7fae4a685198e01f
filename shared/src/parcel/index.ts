export * from './page-props';
export * from './create-page-parcel';
export * from './standalone';
