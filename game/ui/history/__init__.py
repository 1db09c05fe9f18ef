"""The hand history: the list of a session's deals, their exported text, and the step-by-step
replay of one deal."""
