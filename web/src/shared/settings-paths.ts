// Where prompts about keys send people: Settings' "Add a key pair" card, on the tab they need.
export const GENERATE_KEY_PAIR_PATH = '/admin/settings#add-key-pair';
export const LOAD_KEY_PAIR_PATH = '/admin/settings#load-key-pair';
