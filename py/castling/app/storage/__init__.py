"""What is stored under which key, read back without trusting it, and kept safe: damaged data set aside, two tabs, statistics, other devices."""
