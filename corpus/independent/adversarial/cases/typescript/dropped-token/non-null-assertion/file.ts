const v = user!.profile.name; // trusted
