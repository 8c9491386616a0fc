export const ContentPage = () => null
