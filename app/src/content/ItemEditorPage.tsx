export const ItemEditorPage = () => null
