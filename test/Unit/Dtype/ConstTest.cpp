// Placeholder: tests follow.
