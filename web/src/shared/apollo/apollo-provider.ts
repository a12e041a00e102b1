// Apollo's context provider, for the routes that load it on demand. A dynamic import of
// '@apollo/client/react' itself would keep every export of that package (the suspense hooks,
// fragments, subscriptions, the preloader) in the build: the bundler cannot tell which ones a
// loaded namespace is used for. Through this module only the provider is imported.
export { ApolloProvider } from '@apollo/client/react';
