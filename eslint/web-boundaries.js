// Import boundaries of the web app (apps/web): filled in with the feature registries.
export default [];
