// Placeholder: implemented in a following change.
